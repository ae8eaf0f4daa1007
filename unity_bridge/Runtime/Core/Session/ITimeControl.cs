namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// Game time for set_time_scale, pause, resume and step (docs/PROTOCOL.md, section 8). Pausing
    /// remembers the scale, which resume restores; setting the scale while paused only changes what
    /// resume restores.
    /// </summary>
    internal interface ITimeControl
    {
        /// <summary>The scale the game runs at when not paused.</summary>
        double TimeScale { get; }

        bool Paused { get; }

        /// <summary>Fixed (physics) steps run so far.</summary>
        long PhysicsFrame { get; }

        /// <summary>Sets the scale (above 0); while paused, the scale resume restores.</summary>
        void SetTimeScale(double scale);

        void Pause();

        void Resume();
    }
}
