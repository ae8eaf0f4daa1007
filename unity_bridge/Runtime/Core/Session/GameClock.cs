using System;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// The session's game time: how it runs (<see cref="TimeSettings"/>), whether the game is held
    /// (lockstep's state between requests, and what pause asks for), and the session's frame
    /// numbers, counted from frame 0, the first frame the bridge saw.
    /// </summary>
    internal sealed class GameClock
    {
        readonly IEngineHost _engine;
        long _frameZero = -1;

        public GameClock(TimeSettings settings, IEngineHost engine)
        {
            Settings = settings;
            _engine = engine;
            Held = settings.IsLockstep;
        }

        public TimeSettings Settings { get; private set; }

        /// <summary>
        /// True while the game runs only for the requests that need frames (lockstep's default;
        /// after pause); false while it runs on its own (realtime's default; after resume).
        /// </summary>
        public bool Held { get; private set; }

        /// <summary>Frames advanced since frame 0 (0 before the bridge saw its first frame).</summary>
        public long Frame
        {
            get { return _frameZero < 0 ? 0 : Math.Max(0, _engine.Frame - _frameZero); }
        }

        /// <summary>Holds the game from the next frame boundary on.</summary>
        public void Pause()
        {
            Held = true;
        }

        /// <summary>Lets the game run on its own until <see cref="Pause"/>.</summary>
        public void Resume()
        {
            Held = false;
        }

        /// <summary>Called on every frame the bridge sees; the first one becomes frame 0.</summary>
        public void SawFrame()
        {
            if (_frameZero < 0)
                _frameZero = _engine.Frame;
        }

        /// <summary>Makes the frame the engine is on now frame 0 again (reset_game).</summary>
        public void Restart()
        {
            _frameZero = _engine.Frame;
        }

        /// <summary><c>hello</c>'s <c>time</c>: <c>{"mode", "fps", "seed", "held", "frame"}</c>.</summary>
        public JObject Describe()
        {
            var data = new JObject();
            data["mode"] = Settings.Mode;
            data["fps"] = Settings.Fps;
            data["seed"] = Settings.Seed;
            data["held"] = Held;
            data["frame"] = Frame;
            return data;
        }
    }
}
