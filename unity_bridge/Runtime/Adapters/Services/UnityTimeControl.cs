using AgentBridgeUnity.Core.Session;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// set_time_scale, pause, resume and step over Time.timeScale: paused is a scale of 0, and
    /// pausing remembers the scale resume restores. The bridge's behaviour counts fixed steps.
    /// </summary>
    internal sealed class UnityTimeControl : ITimeControl
    {
        float _resumeScale = 1f;

        public double TimeScale
        {
            get { return Paused ? _resumeScale : Time.timeScale; }
        }

        public bool Paused
        {
            get { return Time.timeScale <= 0f; }
        }

        public long PhysicsFrame { get; private set; }

        /// <summary>Called from FixedUpdate: one physics step ran.</summary>
        public void CountFixedStep()
        {
            PhysicsFrame++;
        }

        public void SetTimeScale(double scale)
        {
            if (Paused)
                _resumeScale = (float)scale;
            else
                Time.timeScale = (float)scale;
        }

        public void Pause()
        {
            if (Paused)
                return;
            _resumeScale = Time.timeScale;
            Time.timeScale = 0f;
        }

        public void Resume()
        {
            if (Paused)
                Time.timeScale = _resumeScale > 0f ? _resumeScale : 1f;
        }
    }
}
