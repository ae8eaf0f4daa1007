using System;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// How game time runs in a session, from the launch arguments <c>--agent-time=lockstep|realtime</c>
    /// (lockstep by default), <c>--agent-fps=N</c> (60) and <c>--agent-seed=N</c> (0). Lockstep:
    /// the game is held between requests and advances only while one needs frames. Realtime: it
    /// runs on its own at about <see cref="Fps"/> frames a second. Either way every frame is
    /// exactly 1/<see cref="Fps"/> s of game time.
    /// </summary>
    internal sealed class TimeSettings
    {
        public const string Lockstep = "lockstep";
        public const string Realtime = "realtime";
        public const int DefaultFps = 60;
        public const int MaxFps = 1000;

        public TimeSettings(string mode = Lockstep, int fps = DefaultFps, int seed = 0)
        {
            if (mode != Lockstep && mode != Realtime)
                throw new ArgumentException("The time mode is lockstep or realtime, not '" + mode + "'.");
            if (fps < 1 || fps > MaxFps)
                throw new ArgumentException("The frame rate is from 1 to " + MaxFps + ", not " + fps + ".");
            Mode = mode;
            Fps = fps;
            Seed = seed;
        }

        /// <summary><see cref="Lockstep"/> or <see cref="Realtime"/>.</summary>
        public string Mode { get; private set; }

        /// <summary>Frames per second of game time (each frame is 1/Fps s).</summary>
        public int Fps { get; private set; }

        /// <summary>The seed of the engine's global random generator.</summary>
        public int Seed { get; private set; }

        public bool IsLockstep
        {
            get { return Mode == Lockstep; }
        }

        /// <summary>The frames that make <paramref name="milliseconds"/> of game time: ceil(ms * fps / 1000).</summary>
        public long FramesIn(long milliseconds)
        {
            return (milliseconds * Fps + 999) / 1000;
        }
    }
}
