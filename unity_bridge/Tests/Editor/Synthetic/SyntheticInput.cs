using System;
using System.Collections.Generic;
using System.Globalization;
using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Keys;
using AgentBridgeUnity.Core.Session;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// A player's hands on the synthetic scene, which has no screen: nodes can be hovered and
    /// dragged (recorded for tests), text is typed into <see cref="Focus"/>, points are refused.
    /// Keys and actions are recorded as a game with the Input System gets them: a press reaches the
    /// game a frame after it is sent, a tap's release a frame after its press. Keys also go to the
    /// engine's <see cref="SyntheticKeyboard"/> as the bridge's own events.
    /// </summary>
    internal sealed class SyntheticInput : IPlayerInput
    {
        /// <summary>The input actions the synthetic game has enabled.</summary>
        public static readonly string[] Actions = { "Player/Jump", "Player/Fire", "UI/Submit" };

        readonly Func<long> _frame;
        readonly SyntheticKeyboard _keyboard;
        readonly Dictionary<string, List<string>> _held = new Dictionary<string, List<string>>();
        long _deliveredAt;

        /// <param name="frame">The engine's frame counter.</param>
        /// <param name="keyboard">Where keys go, as the bridge's own events.</param>
        public SyntheticInput(Func<long> frame, SyntheticKeyboard keyboard)
        {
            _frame = frame;
            _keyboard = keyboard;
        }

        /// <summary>What was sent, in order: <c>press Ctrl+Enter</c>, <c>release Player/Jump 0.5</c>.</summary>
        public List<string> Sent { get; } = new List<string>();

        /// <summary>What was sent with the engine frame it was sent on: <c>12 press Player/Jump 1</c>.</summary>
        public List<string> Timeline { get; } = new List<string>();

        public SyntheticNode Hovered { get; private set; }
        public SyntheticNode DraggedFrom { get; private set; }
        public SyntheticNode DroppedOn { get; private set; }
        public string DragButton { get; private set; }
        public int WheelSteps { get; private set; }

        /// <summary>The node with keyboard focus (a text field), as clicking one would set it.</summary>
        public SyntheticNode Focus { get; set; }

        public PointerSpot Locate(object target)
        {
            return new PointerSpot(target, null);
        }

        public PointerSpot At(double x, double y)
        {
            throw new UnsupportedException("This headless host has no screen to point at; give a node.");
        }

        public void Hover(PointerSpot spot)
        {
            Hovered = spot.Target as SyntheticNode;
        }

        public void Drag(PointerSpot from, PointerSpot to, string button)
        {
            DraggedFrom = from.Target as SyntheticNode;
            DroppedOn = to.Target as SyntheticNode;
            DragButton = button;
        }

        public void Action(string action, bool? pressed, double strength)
        {
            string name = Actions[InputActionNames.Find(action, Actions)];
            Record(name + " " + strength.ToString(CultureInfo.InvariantCulture), pressed);
        }

        public void Key(KeyName key, IList<KeyName> modifiers, bool? pressed)
        {
            var names = new List<string>();
            foreach (KeyName modifier in modifiers)
                names.Add(modifier.Canonical);
            names.Add(key.Canonical);
            Record(string.Join("+", names.ToArray()), pressed, names);
            foreach (string name in names)
            {
                if (pressed != false)
                    _keyboard.Bridge(name, true);
                if (pressed != true)
                    _keyboard.Bridge(name, false);
            }
        }

        public void Button(string button, bool pressed)
        {
            Record("mouse " + button, pressed);
        }

        public string CheckHoldable(string kind, string name)
        {
            return kind == "action" ? Actions[InputActionNames.Find(name, Actions)] : name;
        }

        public bool InputPending
        {
            get { return _frame() < _deliveredAt; }
        }

        /// <param name="what">How the input is named in <see cref="Sent"/>.</param>
        /// <param name="pressed">Press, release, or (null) a tap.</param>
        /// <param name="keys">The keyboard's keys it presses, for a key.</param>
        void Record(string what, bool? pressed, List<string> keys = null)
        {
            if (pressed != false)
                Record("press " + what);
            if (pressed != true)
                Record("release " + what);
            if (pressed == true)
                _held[what] = keys ?? new List<string>();
            else if (pressed == false)
                _held.Remove(what);
            _deliveredAt = _frame() + (pressed.HasValue ? 2 : 3);
        }

        /// <summary>Releases what the bridge left pressed: recorded as <c>release</c>, keys let go on the keyboard.</summary>
        public int ReleaseAll()
        {
            int released = _held.Count;
            foreach (KeyValuePair<string, List<string>> held in _held)
            {
                Record("release " + held.Key);
                foreach (string key in held.Value)
                    _keyboard.Bridge(key, false);
            }
            _held.Clear();
            return released;
        }

        void Record(string sent)
        {
            Sent.Add(sent);
            Timeline.Add(_frame() + " " + sent);
        }

        public object Type(string text)
        {
            var field = Focus == null ? null : Focus.Control as SynInputField;
            if (field == null)
                throw new NotInteractableException("No text field has keyboard focus: click a text field first.");
            if (!field.interactable || field.readOnly)
                throw new NotInteractableException(Focus.Name + " is not editable.");
            foreach (char character in text)
            {
                if (character == '\n')
                {
                    field.Raise("onEndEdit", field.text);
                    field.Raise(EventNames.TextSubmitted, field.text);
                }
                else
                {
                    field.text += character;
                }
            }
            return Focus;
        }

        public PointerSpot Wheel(PointerSpot spot, int steps)
        {
            WheelSteps += steps;
            return spot;
        }
    }
}
