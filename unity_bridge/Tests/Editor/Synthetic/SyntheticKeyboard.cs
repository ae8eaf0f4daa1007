using System;
using System.Collections.Generic;
using System.Globalization;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// The synthetic game's keyboard, modelled on an Input System device: input events (a person's
    /// key presses, the bridge's, a replay's) are queued and the engine's input update of the next
    /// frame processes them in order, handing each to the listener (as InputSystem.onEvent does)
    /// before its keys take their new state. The bridge's own events are marked, so a recording
    /// leaves them out. An event's wire form: <c>{"type": "state", "device": "Keyboard",
    /// "controls": {"Right": 1}}</c>.
    /// </summary>
    internal sealed class SyntheticKeyboard
    {
        public const string DeviceName = "Keyboard";
        const string StateType = "state";

        readonly List<KeyValuePair<JObject, bool>> _queue = new List<KeyValuePair<JObject, bool>>();
        readonly Dictionary<string, double> _keys = new Dictionary<string, double>();

        /// <summary>Sees every event processed that the bridge did not send (null: nobody listens).</summary>
        public Action<JObject> Listener { get; set; }

        /// <summary>True while <paramref name="key"/> is down.</summary>
        public bool IsDown(string key)
        {
            double value;
            return key != null && _keys.TryGetValue(key, out value) && value > 0.5;
        }

        /// <summary>A person presses or releases a key (it reaches the game with the next input update).</summary>
        public void Person(string key, bool pressed)
        {
            Queue(Event(key, pressed), false);
        }

        /// <summary>The bridge presses or releases a key for a request.</summary>
        public void Bridge(string key, bool pressed)
        {
            Queue(Event(key, pressed), true);
        }

        /// <summary>A recorded event queued again; null, or why it is no event of this keyboard.</summary>
        public string Replay(JObject recorded)
        {
            if ((string)recorded["type"] != StateType || (string)recorded["device"] != DeviceName)
                return "the synthetic engine replays only {\"type\": \"state\", \"device\": \"Keyboard\"} events, not "
                    + recorded.ToString(Newtonsoft.Json.Formatting.None);
            var controls = recorded["controls"] as JObject;
            if (controls == null)
                return "the event has no controls";
            foreach (JProperty control in controls.Properties())
            {
                if (control.Value.Type != JTokenType.Integer && control.Value.Type != JTokenType.Float)
                    return "the control " + control.Name + " has no number";
            }
            Queue((JObject)recorded.DeepClone(), false);
            return null;
        }

        /// <summary>The input update at the start of a frame's processing: every queued event, in order.</summary>
        public void Update()
        {
            List<KeyValuePair<JObject, bool>> events = new List<KeyValuePair<JObject, bool>>(_queue);
            _queue.Clear();
            foreach (KeyValuePair<JObject, bool> queued in events)
            {
                Action<JObject> listener = Listener;
                if (listener != null && !queued.Value)
                    listener((JObject)queued.Key.DeepClone());
                foreach (JProperty control in ((JObject)queued.Key["controls"]).Properties())
                    _keys[control.Name] = (double)control.Value;
            }
        }

        void Queue(JObject e, bool fromBridge)
        {
            _queue.Add(new KeyValuePair<JObject, bool>(e, fromBridge));
        }

        static JObject Event(string key, bool pressed)
        {
            var e = new JObject();
            e["type"] = StateType;
            e["device"] = DeviceName;
            e["controls"] = new JObject(new JProperty(key, pressed ? 1 : 0));
            return e;
        }

        public override string ToString()
        {
            var down = new List<string>();
            foreach (KeyValuePair<string, double> key in _keys)
            {
                if (key.Value > 0.5)
                    down.Add(key.Key + "=" + key.Value.ToString(CultureInfo.InvariantCulture));
            }
            return DeviceName + "(" + string.Join(", ", down.ToArray()) + ")";
        }
    }
}
