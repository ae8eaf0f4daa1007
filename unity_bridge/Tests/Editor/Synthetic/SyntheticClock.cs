using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Session;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// Game time of the synthetic engine, modelled on Unity's: with a fixed frame rate
    /// (Time.captureFramerate) every frame is 1/fps s times the game's own time scale, and physics
    /// steps (FixedUpdate) follow the fixed step, 0.02 s as Unity's default, against that game time;
    /// a time scale of 0 is the game pausing itself. The global random generator is what
    /// <see cref="Seed"/> seeds (Random.InitState).
    /// </summary>
    internal sealed class SyntheticClock : ITimeControl
    {
        /// <summary>Unity's default Time.fixedDeltaTime.</summary>
        public const double FixedDeltaTime = 0.02;
        const double Epsilon = 1e-9;

        double _scale = 1.0;
        double _physicsTime;

        /// <summary>The game's own time scale; 0 while the game pauses itself.</summary>
        public double TimeScale
        {
            get { return _scale; }
        }

        public long PhysicsFrame { get; private set; }

        /// <summary>Fixed steps a game second: 1 / <see cref="FixedDeltaTime"/>.</summary>
        public int PhysicsTicks
        {
            get { return (int)Math.Round(1.0 / FixedDeltaTime); }
        }

        /// <summary>The fixed frame rate the bridge set, or 0 (frames then last what the wall clock says).</summary>
        public int FrameRate { get; private set; }

        /// <summary>The game time of the last frame, in seconds (Time.deltaTime).</summary>
        public double DeltaTime { get; private set; }

        /// <summary>Game time so far, in seconds (Time.time).</summary>
        public double GameTime { get; private set; }

        /// <summary>The seeds the bridge gave, in order.</summary>
        public List<int> Seeds { get; } = new List<int>();

        /// <summary>The game's global random generator, as seeded.</summary>
        public Random Random { get; private set; } = new Random();

        /// <summary>The pace the bridge asked for last: true for real time, false for flat out, null for none.</summary>
        public bool? RealTime { get; private set; }

        /// <summary>The paces asked for, in order (the bridge asks only on a change).</summary>
        public List<bool> Paces { get; } = new List<bool>();

        /// <summary>One engine frame at the start of the game's frame: game time and physics steps advance.</summary>
        public void Tick()
        {
            DeltaTime = (FrameRate > 0 ? 1.0 / FrameRate : 0.0) * _scale;
            GameTime += DeltaTime;
            while (_physicsTime + FixedDeltaTime <= GameTime + Epsilon)
            {
                _physicsTime += FixedDeltaTime;
                PhysicsFrame++;
            }
        }

        /// <summary>The game pausing itself (a pause menu sets the time scale to 0), or set_time_scale.</summary>
        public void SetTimeScale(double scale)
        {
            _scale = scale;
        }

        public void FixFrameRate(int fps)
        {
            FrameRate = fps;
        }

        public void Seed(int seed)
        {
            Seeds.Add(seed);
            Random = new Random(seed);
        }

        public void Pace(bool realTime)
        {
            RealTime = realTime;
            Paces.Add(realTime);
        }
    }
}
