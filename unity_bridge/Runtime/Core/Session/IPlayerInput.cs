using System.Collections.Generic;
using AgentBridgeUnity.Core.Keys;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// A player's hands beyond clicks: hover, drag, keys, typed text and the wheel (docs/PROTOCOL.md,
    /// section 5). The core resolves targets and checks them; the host delivers the events through
    /// the engine's own input path. A host throws <see cref="UnsupportedException"/> for what its
    /// engine cannot simulate.
    /// </summary>
    internal interface IPlayerInput
    {
        /// <summary>
        /// Where a pointer over the engine object would act (its visible centre); throws
        /// <see cref="NotInteractableException"/> when something else covers it there.
        /// </summary>
        PointerSpot Locate(object target);

        /// <summary>What a pointer at a screen point (top-left origin) is over.</summary>
        PointerSpot At(double x, double y);

        /// <summary>Moves the pointer onto the spot: enter, then move.</summary>
        void Hover(PointerSpot spot);

        /// <summary>Presses on one spot, moves to the other in steps and releases (drops) there.</summary>
        void Drag(PointerSpot from, PointerSpot to, string button);

        /// <summary>
        /// Sends an input action by name; <paramref name="pressed"/> null is a tap. Throws
        /// <see cref="NotFoundException"/> for an action the game does not have.
        /// </summary>
        void Action(string action, bool? pressed, double strength);

        /// <summary>Sends a key with modifiers held; <paramref name="pressed"/> null is a tap.</summary>
        void Key(KeyName key, IList<KeyName> modifiers, bool? pressed);

        /// <summary>
        /// Presses or releases a mouse button (<c>left</c>, <c>right</c>, <c>middle</c>) where the
        /// pointer is, as the mouse would; UNSUPPORTED where the engine cannot be fed mouse buttons.
        /// </summary>
        void Button(string button, bool pressed);

        /// <summary>
        /// Checks, sending nothing, that an action, a key or a mouse button (<paramref name="kind"/>
        /// <c>action</c>, <c>key</c> or <c>button</c>) can be pressed and held here, so a hold or an
        /// input timeline is refused before it starts; returns the name the input goes by (an
        /// action's <c>Map/Name</c>, a key's canonical name). Throws NOT_FOUND for an action the
        /// game does not have, UNSUPPORTED for input the engine cannot be fed.
        /// </summary>
        string CheckHoldable(string kind, string name);

        /// <summary>
        /// Releases every key, mouse button and action the bridge pressed and has not released
        /// (an <c>input</c> sent with <c>pressed: true</c>, a tap's release still to come); returns
        /// how many.
        /// </summary>
        int ReleaseAll();

        /// <summary>
        /// True while keys or actions already sent have not all reached the game (a tap's release
        /// goes a frame after its press); the command answers once this is false.
        /// </summary>
        bool InputPending { get; }

        /// <summary>
        /// Types text into the focused text field, one character at a time; returns the focused
        /// engine object. Throws <see cref="NotInteractableException"/> when nothing has focus.
        /// </summary>
        object Type(string text);

        /// <summary>Scrolls the wheel at a spot (null: the screen centre); +up, -down. Returns the spot used.</summary>
        PointerSpot Wheel(PointerSpot spot, int steps);
    }
}
