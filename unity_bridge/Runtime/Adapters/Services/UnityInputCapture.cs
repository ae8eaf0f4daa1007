using System;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// A person's input in a Unity player, for replay files: the Input System's event stream when
    /// the project has the Input System package (InputSystemEvents). Unity's legacy
    /// Input Manager gives a script the keys' and the mouse's state, never their events, and cannot
    /// be fed any, so without the Input System no input of a person is recorded or replayed (the
    /// header's <c>input</c> says <c>none</c>). The window: its size (Screen.width and height) and
    /// focus (Application.isFocused).
    /// </summary>
    internal sealed class UnityInputCapture : IInputCapture
    {
#if AGENT_BRIDGE_INPUT_SYSTEM && ENABLE_INPUT_SYSTEM
        readonly InputSystemEvents _events = new InputSystemEvents();

        public string Source
        {
            get { return "input_system"; }
        }

        public int Unrecorded
        {
            get { return _events.Unrecorded; }
        }

        public bool Start(Action<JObject> sink)
        {
            _events.Start(sink);
            return true;
        }

        public void Stop()
        {
            _events.Stop();
        }

        public string Replay(JObject recorded)
        {
            return InputSystemEvents.Replay(recorded);
        }
#else
        public string Source
        {
            get { return "none"; }
        }

        public int Unrecorded
        {
            get { return 0; }
        }

        public bool Start(Action<JObject> sink)
        {
            return false;
        }

        public void Stop()
        {
        }

        public string Replay(JObject recorded)
        {
            return "this game has no Input System package, and Unity's Input Manager cannot be fed input events";
        }
#endif

        public int WindowWidth
        {
            get { return Screen.width; }
        }

        public int WindowHeight
        {
            get { return Screen.height; }
        }

        public bool Focused
        {
            get { return Application.isFocused; }
        }

        public bool Rendered
        {
            get { return !Application.isBatchMode; }
        }
    }
}
