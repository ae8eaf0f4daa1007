#if AGENT_BRIDGE_INPUT_SYSTEM && ENABLE_INPUT_SYSTEM
using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEngine.InputSystem;
using UnityEngine.InputSystem.LowLevel;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// A person's input through the Input System, for replay files (docs/REPLAY.md, "Unity"): every
    /// state event the Input System processes (<c>InputSystem.onEvent</c>, before the event changes
    /// its device) becomes <c>{"type": "state", "device": layout, "index": n (when not the first
    /// device of its layout), "controls": {"control/path": value}}</c>: the controls the event
    /// changes (<c>EnumerateChangedControls</c>), by their path under the device, with their
    /// unprocessed values (axes, buttons and keys as numbers, integers as integers).
    /// <para>
    /// The bridge's own events (queued for a request, which the recording keeps and which sends
    /// them again when replayed) are left out: the bridge counts what it queues for each device
    /// (<see cref="NoteBridgeEvent"/>), and since it queues at the start of a frame, after the
    /// engine took in that frame's hardware events, its events are the last ones of their device
    /// in the next input update; after the update (<c>InputSystem.onAfterUpdate</c>) that many are
    /// dropped from the end of each device's events, and the rest go to the recording.
    /// </para>
    /// <para>
    /// A replayed event goes back as one delta state event per control, queued at the start of
    /// its frame, so it changes only the controls it names and the frame's input update takes it
    /// as it took the person's. Not recorded: text events (typed characters) and IME composition,
    /// counted as unrecorded; controls whose values are not numbers (a touch's phase), left out of
    /// their event and counted; device configuration and removal events.
    /// </para>
    /// </summary>
    internal sealed class InputSystemEvents
    {
        const string StateType = "state";

        static readonly Dictionary<int, int> BridgeQueued = new Dictionary<int, int>();

        readonly List<KeyValuePair<int, JObject>> _update = new List<KeyValuePair<int, JObject>>();
        readonly Action<InputEventPtr, InputDevice> _onEvent;
        readonly Action _onAfterUpdate;
        Action<JObject> _sink;

        public InputSystemEvents()
        {
            _onEvent = OnEvent;
            _onAfterUpdate = OnAfterUpdate;
        }

        /// <summary>Typed text, IME composition and non-numeric controls seen since <see cref="Start"/> and not recorded.</summary>
        public int Unrecorded { get; private set; }

        /// <summary>The bridge queued one event for <paramref name="device"/> (a key, a button, an action).</summary>
        public static void NoteBridgeEvent(InputDevice device)
        {
            int count;
            BridgeQueued.TryGetValue(device.deviceId, out count);
            BridgeQueued[device.deviceId] = count + 1;
        }

        /// <summary>
        /// From now on the events the Input System processes go to <paramref name="sink"/>. The
        /// bridge's counts start over: an event it queued before, processed after, reached the
        /// game after the recording began and is recorded as input (its request is not).
        /// </summary>
        public void Start(Action<JObject> sink)
        {
            _sink = sink;
            Unrecorded = 0;
            BridgeQueued.Clear();
            InputSystem.onEvent += _onEvent;
            InputSystem.onAfterUpdate += _onAfterUpdate;
        }

        public void Stop()
        {
            InputSystem.onEvent -= _onEvent;
            InputSystem.onAfterUpdate -= _onAfterUpdate;
            _sink = null;
            _update.Clear();
        }

        void OnEvent(InputEventPtr eventPtr, InputDevice device)
        {
            if (device == null)
                return;
            if (eventPtr.IsA<TextEvent>() || eventPtr.IsA<IMECompositionEvent>())
            {
                Unrecorded++;
                return;
            }
            if (!eventPtr.IsA<StateEvent>() && !eventPtr.IsA<DeltaStateEvent>())
                return;
            var controls = new JObject();
            foreach (InputControl control in eventPtr.EnumerateChangedControls(device))
            {
                JToken value = Read(control, eventPtr);
                if (value == null)
                    Unrecorded++;
                else
                    controls[Relative(control, device)] = value;
            }
            // An event that changes nothing is kept in the list (it may be the bridge's) but not recorded.
            _update.Add(new KeyValuePair<int, JObject>(device.deviceId, controls.Count == 0 ? null : Encode(device, controls)));
        }

        void OnAfterUpdate()
        {
            for (int i = _update.Count - 1; i >= 0; i--)
            {
                int device = _update[i].Key;
                int bridge;
                if (!BridgeQueued.TryGetValue(device, out bridge) || bridge == 0)
                    continue;
                BridgeQueued[device] = bridge - 1;
                _update[i] = new KeyValuePair<int, JObject>(device, null);
            }
            Action<JObject> sink = _sink;
            foreach (KeyValuePair<int, JObject> seen in _update)
            {
                if (seen.Value != null && sink != null)
                    sink(seen.Value);
            }
            _update.Clear();
        }

        /// <summary>Queues a recorded event again; null, or why it cannot be rebuilt.</summary>
        public static string Replay(JObject recorded)
        {
            if ((string)recorded["type"] != StateType)
                return "the Unity bridge replays only Input System state events ({\"type\": \"state\", ...})";
            var layout = recorded["device"] as JValue;
            var controls = recorded["controls"] as JObject;
            if (layout == null || layout.Type != JTokenType.String || controls == null)
                return "a state event names its device's layout (device) and its controls";
            JToken index = recorded["index"];
            if (index != null && (index.Type != JTokenType.Integer || (long)index < 0 || (long)index > 255))
                return "the device index is no whole number from 0 to 255";
            InputDevice device = FindDevice((string)layout, index == null ? 0 : (int)index);
            if (device == null)
                return "the game has no " + (string)layout + " device to send it to";
            var targets = new List<KeyValuePair<InputControl, JToken>>();
            foreach (JProperty named in controls.Properties())
            {
                InputControl control = device.TryGetChildControl(named.Name);
                if (control == null)
                    return string.Format("the {0} has no control {1}", device.layout, named.Name);
                if (named.Value.Type != JTokenType.Integer && named.Value.Type != JTokenType.Float)
                    return string.Format("the value of {0} is no number", named.Name);
                if (!(control is InputControl<float> || control is InputControl<int> || control is InputControl<double>))
                    return string.Format("the control {0} takes no number", named.Name);
                targets.Add(new KeyValuePair<InputControl, JToken>(control, named.Value));
            }
            foreach (KeyValuePair<InputControl, JToken> target in targets)
            {
                InputEventPtr eventPtr;
                using (DeltaStateEvent.From(target.Key, out eventPtr))
                {
                    Write(target.Key, target.Value, eventPtr);
                    InputSystem.QueueEvent(eventPtr);
                }
            }
            return null;
        }

        /// <summary>The <paramref name="index"/>th device of <paramref name="layout"/>; the first is added when the game has none.</summary>
        static InputDevice FindDevice(string layout, int index)
        {
            int seen = 0;
            foreach (InputDevice device in InputSystem.devices)
            {
                if (device.layout != layout)
                    continue;
                if (seen == index)
                    return device;
                seen++;
            }
            if (seen > 0 || index > 0)
                return null;
            try
            {
                return InputSystem.AddDevice(layout);
            }
            catch (ArgumentException)
            {
                return null;
            }
        }

        static JObject Encode(InputDevice device, JObject controls)
        {
            var e = new JObject();
            e["type"] = StateType;
            e["device"] = device.layout;
            int index = IndexOf(device);
            if (index > 0)
                e["index"] = index;
            e["controls"] = controls;
            return e;
        }

        static int IndexOf(InputDevice device)
        {
            int index = 0;
            foreach (InputDevice other in InputSystem.devices)
            {
                if (other == device)
                    return index;
                if (other.layout == device.layout)
                    index++;
            }
            return index;
        }

        static string Relative(InputControl control, InputDevice device)
        {
            return control.path.Length > device.path.Length ? control.path.Substring(device.path.Length + 1) : control.name;
        }

        /// <summary>The control's unprocessed value in the event as JSON; null for a value that is no number.</summary>
        static JToken Read(InputControl control, InputEventPtr eventPtr)
        {
            var axis = control as InputControl<float>;
            if (axis != null)
                return (double)axis.ReadUnprocessedValueFromEvent(eventPtr);
            var integer = control as InputControl<int>;
            if (integer != null)
                return integer.ReadUnprocessedValueFromEvent(eventPtr);
            var number = control as InputControl<double>;
            if (number != null)
                return number.ReadUnprocessedValueFromEvent(eventPtr);
            return null;
        }

        static void Write(InputControl control, JToken value, InputEventPtr eventPtr)
        {
            if (control is InputControl<float>)
                control.WriteValueIntoEvent((float)(double)value, eventPtr);
            else if (control is InputControl<int>)
                control.WriteValueIntoEvent((int)(long)value, eventPtr);
            else
                control.WriteValueIntoEvent((double)value, eventPtr);
        }
    }
}
#endif
