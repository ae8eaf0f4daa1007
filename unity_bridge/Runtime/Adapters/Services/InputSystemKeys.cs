#if AGENT_BRIDGE_INPUT_SYSTEM && ENABLE_INPUT_SYSTEM
using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Keys;
using UnityEngine;
using UnityEngine.InputSystem;
using UnityEngine.InputSystem.Controls;
using UnityEngine.InputSystem.LowLevel;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// Keys and actions through the Input System, as a device would send them: a state event
    /// with the controls changed is queued on the device (the keyboard, added when the game has
    /// none; for an action, the device of its first bound button, key or axis) and the Input
    /// System processes it at the start of the next frame, so actions, <c>wasPressedThisFrame</c>
    /// and UI input modules all see it. A tap's release is queued a frame after its press. Mouse
    /// buttons held over frames go the same way to the mouse (added when the game has none).
    /// </summary>
    internal sealed class InputSystemKeys : IKeyDriver
    {
        readonly List<KeyValuePair<InputDevice, List<InputControl>>> _releases =
            new List<KeyValuePair<InputDevice, List<InputControl>>>();
        readonly List<KeyValuePair<InputDevice, InputControl>> _held = new List<KeyValuePair<InputDevice, InputControl>>();
        int _readyFrame;

        public void Key(KeyName key, IList<KeyName> modifiers, bool? pressed)
        {
            Keyboard keyboard = Keyboard.current ?? InputSystem.AddDevice<Keyboard>();
            var controls = new List<InputControl>();
            foreach (KeyName modifier in modifiers)
                controls.Add(KeyOf(keyboard, modifier));
            controls.Add(KeyOf(keyboard, key));
            Send(keyboard, controls, pressed, 1f);
        }

        public void Action(string action, bool? pressed, double strength)
        {
            string name;
            InputControl control = BoundControl(action, out name);
            Send(control.device, new List<InputControl> { control }, pressed, (float)strength);
        }

        public void Button(string button, bool pressed)
        {
            Mouse mouse = Mouse.current ?? InputSystem.AddDevice<Mouse>();
            ButtonControl control = button == "right" ? mouse.rightButton : button == "middle" ? mouse.middleButton : mouse.leftButton;
            Send(mouse, new List<InputControl> { control }, pressed, 1f);
        }

        public string CheckHoldable(string kind, string name)
        {
            switch (kind)
            {
                case "action":
                    string qualified;
                    BoundControl(name, out qualified);
                    return qualified;
                case "key":
                    KeyName key = KeyNames.Resolve(name);
                    Key known;
                    if (!Enum.TryParse(key.InputSystem, out known))
                        throw NoKey(key);
                    return key.Canonical;
                default:
                    return name;
            }
        }

        /// <summary>
        /// The first button, key or axis the enabled action <paramref name="action"/> is bound to,
        /// and the action's <c>Map/Name</c>; NOT_FOUND or UNSUPPORTED otherwise.
        /// </summary>
        static InputControl BoundControl(string action, out string name)
        {
            List<InputAction> actions = InputSystem.ListEnabledActions();
            List<string> names = actions.ConvertAll(a => a.actionMap == null ? a.name : a.actionMap.name + "/" + a.name);
            int index = InputActionNames.Find(action, names);
            name = names[index];
            foreach (InputControl control in actions[index].controls)
            {
                if (control is InputControl<float>)
                    return control;
            }
            throw new UnsupportedException(string.Format(
                "The action {0} is bound to no button, key or axis of a connected device, so the bridge cannot press it.",
                name));
        }

        public bool Pending
        {
            get { return Time.frameCount < _readyFrame; }
        }

        public void Update()
        {
            foreach (KeyValuePair<InputDevice, List<InputControl>> release in _releases)
                Queue(release.Key, release.Value, 0f);
            _releases.Clear();
        }

        /// <summary>
        /// Releases the controls pressed and not released, and the taps' releases still to come;
        /// returns how many controls that let go (one pressed again after a tap counts once).
        /// </summary>
        public int ReleaseAll()
        {
            var released = new HashSet<InputControl>();
            foreach (KeyValuePair<InputDevice, InputControl> held in _held)
            {
                Queue(held.Key, new List<InputControl> { held.Value }, 0f);
                released.Add(held.Value);
            }
            _held.Clear();
            foreach (KeyValuePair<InputDevice, List<InputControl>> release in _releases)
                released.UnionWith(release.Value);
            Update();
            return released.Count;
        }

        void Send(InputDevice device, List<InputControl> controls, bool? pressed, float value)
        {
            foreach (InputControl control in controls)
            {
                _held.RemoveAll(held => held.Value == control);
                if (pressed == true)
                    _held.Add(new KeyValuePair<InputDevice, InputControl>(device, control));
            }
            Queue(device, controls, pressed == false ? 0f : value);
            if (!pressed.HasValue)
                _releases.Add(new KeyValuePair<InputDevice, List<InputControl>>(device, controls));
            // The game reads queued input in the frame after it is queued; the answer waits one more.
            _readyFrame = Time.frameCount + (pressed.HasValue ? 2 : 3);
        }

        static void Queue(InputDevice device, List<InputControl> controls, float value)
        {
            InputEventPtr eventPtr;
            using (StateEvent.From(device, out eventPtr))
            {
                foreach (InputControl control in controls)
                    control.WriteValueIntoEvent(value, eventPtr);
                InputSystem.QueueEvent(eventPtr);
                InputSystemEvents.NoteBridgeEvent(device);
            }
        }

        static KeyControl KeyOf(Keyboard keyboard, KeyName name)
        {
            Key key;
            if (!Enum.TryParse(name.InputSystem, out key))
                throw NoKey(name);
            return keyboard[key];
        }

        static UnsupportedException NoKey(KeyName name)
        {
            return new UnsupportedException("The Input System has no key for " + name.Canonical + ".");
        }
    }
}
#endif
