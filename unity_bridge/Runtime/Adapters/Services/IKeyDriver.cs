using System.Collections.Generic;
using AgentBridgeUnity.Core.Keys;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>How keys, mouse buttons and input actions reach the game: the Input System, or the EventSystem without it.</summary>
    internal interface IKeyDriver
    {
        void Key(KeyName key, IList<KeyName> modifiers, bool? pressed);

        void Action(string action, bool? pressed, double strength);

        /// <summary>Presses or releases a mouse button (<c>left</c>, <c>right</c>, <c>middle</c>).</summary>
        void Button(string button, bool pressed);

        /// <summary>See <see cref="AgentBridgeUnity.Core.Session.IPlayerInput.CheckHoldable"/>.</summary>
        string CheckHoldable(string kind, string name);

        /// <summary>True while sent input has not reached the game yet.</summary>
        bool Pending { get; }

        /// <summary>Called once a frame, before the bridge answers: sends a tap's release.</summary>
        void Update();

        /// <summary>See <see cref="AgentBridgeUnity.Core.Session.IPlayerInput.ReleaseAll"/>.</summary>
        int ReleaseAll();
    }
}
