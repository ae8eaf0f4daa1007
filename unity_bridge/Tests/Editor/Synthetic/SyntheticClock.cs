using AgentBridgeUnity.Core.Session;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// Game time of the synthetic engine: a paused game's frames still count, but its movers do
    /// not move and no physics step runs, so step is exact.
    /// </summary>
    internal sealed class SyntheticClock : ITimeControl
    {
        double _scale = 1.0;

        public double TimeScale
        {
            get { return _scale; }
        }

        public bool Paused { get; private set; }
        public long PhysicsFrame { get; private set; }

        /// <summary>One engine frame: one physics step unless paused.</summary>
        public void Tick()
        {
            if (!Paused)
                PhysicsFrame++;
        }

        public void SetTimeScale(double scale)
        {
            _scale = scale;
        }

        public void Pause()
        {
            Paused = true;
        }

        public void Resume()
        {
            Paused = false;
        }
    }
}
