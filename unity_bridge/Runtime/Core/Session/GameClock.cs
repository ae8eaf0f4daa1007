using System;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// The session's game time: how it runs (<see cref="TimeSettings"/>), whether the game is held
    /// (lockstep's state between requests, and what pause asks for), and the session's frame and
    /// physics frame numbers, counted from frame 0, the first frame the bridge saw (or the
    /// frame a reset_game restarted the clock on).
    /// </summary>
    internal sealed class GameClock
    {
        readonly IEngineHost _engine;
        long _frameZero = -1;
        long _physicsZero;

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
