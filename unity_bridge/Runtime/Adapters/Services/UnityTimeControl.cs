using AgentBridgeUnity.Core.Session;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// Game time in Unity: Time.captureFramerate makes every frame exactly 1/fps s of game time
    /// (Time.deltaTime fixed, FixedUpdate following Time.fixedDeltaTime against it, however long
    /// a frame takes); Random.InitState seeds UnityEngine.Random; frames are paced with
    /// Application.targetFrameRate (vSync off, or Unity ignores it). Time.timeScale is the game's:
    /// only set_time_scale writes it. The bridge's behaviour counts fixed steps.
    /// </summary>
    internal sealed class UnityTimeControl : ITimeControl
    {
        /// <summary>Application.targetFrameRate's "as fast as the platform can".</summary>
        const int Unlimited = -1;

        int _fps = TimeSettings.DefaultFps;

        public double TimeScale
        {
            get { return Time.timeScale; }
        }

        public long PhysicsFrame { get; private set; }

        public int PhysicsTicks
        {
            get { return Time.fixedDeltaTime > 0f ? (int)System.Math.Round(1.0 / Time.fixedDeltaTime) : 0; }
        }

        /// <summary>Called from FixedUpdate: one physics step ran.</summary>
        public void CountFixedStep()
        {
            PhysicsFrame++;
        }

        public void SetTimeScale(double scale)
        {
            Time.timeScale = (float)scale;
        }

        public void FixFrameRate(int fps)
        {
            _fps = fps;
            Time.captureFramerate = fps;
        }

        public void Seed(int seed)
        {
            UnityEngine.Random.InitState(seed);
        }

        public void Pace(bool realTime)
        {
            QualitySettings.vSyncCount = 0;
            Application.targetFrameRate = realTime ? _fps : Unlimited;
        }
    }
}
