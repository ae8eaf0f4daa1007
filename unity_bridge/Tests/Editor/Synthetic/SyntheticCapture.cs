using System;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// A person's input on the synthetic engine: its keyboard's events (the bridge's own left out)
    /// and a window of a fixed size whose focus a test can take away.
    /// </summary>
    internal sealed class SyntheticCapture : IInputCapture
    {
        readonly SyntheticKeyboard _keyboard;

        public SyntheticCapture(SyntheticKeyboard keyboard)
        {
            _keyboard = keyboard;
            Focused = true;
        }

        public string Source
        {
            get { return "synthetic"; }
        }

        public int Unrecorded
        {
            get { return 0; }
        }

        public bool Focused { get; set; }

        public int WindowWidth
        {
            get { return 800; }
        }

        public int WindowHeight
        {
            get { return 600; }
        }

        public bool Rendered
        {
            get { return false; }
        }

        public bool Start(Action<JObject> sink)
        {
            _keyboard.Listener = sink;
            return true;
        }

        public void Stop()
        {
            _keyboard.Listener = null;
        }

        public string Replay(JObject recorded)
        {
            return _keyboard.Replay(recorded);
        }
    }
}
