using System;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// The session's game time: how it runs (<see cref="TimeSettings"/>), whether the game is held
    /// (lockstep's state between requests, and what pause asks for), and the session's frame and
    /// physics frame numbers, counted from frame 0, the first frame the bridge saw (or the
    /// frame a reset_game restarted the clock on). It also paces the held game's looks at the
    /// command file (docs/PROTOCOL.md, section 7): at once (a yield) for 20 ms after a request came
    /// or an answer went, since a client's next request usually follows within a fraction of a
    /// millisecond; then every millisecond up to a second; then every 2 ms, so a frozen game
    /// costs next to nothing.
    /// </summary>
    internal sealed class GameClock
    {
        const double EagerMs = 20.0;
        const double BusyMs = 1000.0;

        readonly IEngineHost _engine;
        long _frameZero = -1;
        long _physicsZero;
        double _lastActivityMs = double.NegativeInfinity;

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

        /// <summary>Physics steps since frame 0 (0 before the bridge saw its first frame).</summary>
        public long PhysicsFrame
        {
            get { return _frameZero < 0 ? 0 : Math.Max(0, _engine.TimeControl.PhysicsFrame - _physicsZero); }
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
                StartCounting();
        }

        /// <summary>
        /// Frame 0 again at the frame the engine is on now, held as the mode starts (reset_game:
        /// a reset game starts over as a launched one, even after resume).
        /// </summary>
        public void Restart()
        {
            StartCounting();
            Held = Settings.IsLockstep;
        }

        /// <summary>Records that requests arrived or an answer went now.</summary>
        public void NoteActivity()
        {
            _lastActivityMs = _engine.NowMs;
        }

        /// <summary>How long a held game sleeps now before looking at the command file again, in whole ms (0: yield).</summary>
        public int HoldSleepMs()
        {
            double idle = _engine.NowMs - _lastActivityMs;
            if (idle < EagerMs)
                return 0;
            return idle < BusyMs ? 1 : 2;
        }

        void StartCounting()
        {
            _frameZero = _engine.Frame;
            _physicsZero = _engine.TimeControl.PhysicsFrame;
        }

        /// <summary>
        /// The clock as hello, bridge.json and the time commands report it: <c>{"mode", "fps",
        /// "seed", "held", "frame", "physics_frame", "time_scale"}</c>, the protocol's fields
        /// (Godot's <c>fixed_delta</c> is Godot's only: captureFramerate fixes the delta here).
        /// </summary>
        public JObject Describe()
        {
            var data = new JObject();
            data["mode"] = Settings.Mode;
            data["fps"] = Settings.Fps;
            data["seed"] = Settings.Seed;
            data["held"] = Held;
            data["frame"] = Frame;
            data["physics_frame"] = PhysicsFrame;
            data["time_scale"] = _engine.TimeControl.TimeScale;
            return data;
        }
    }
}
