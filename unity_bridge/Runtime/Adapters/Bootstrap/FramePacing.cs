using System;
using AgentBridgeUnity.Core.Session;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Bootstrap
{
    /// <summary>
    /// Agent mode's frame pacing for batch-mode players (which otherwise run flat out): about
    /// 0.1 ms frames while requests arrive, 1 ms once idle, through Application.targetFrameRate.
    /// A windowed game keeps its own frame rate.
    /// </summary>
    internal sealed class FramePacing
    {
        readonly FramePacer _pacer = new FramePacer();
        readonly bool _enabled = Application.isBatchMode;
        int _applied = int.MinValue;

        public void Update(BridgeRuntime runtime, double nowMs)
        {
            if (!_enabled)
                return;
            if (runtime.Busy || runtime.LastRequestTick == runtime.Ticks)
                _pacer.Activity(nowMs);
            int rate = (int)Math.Round(1000.0 / _pacer.FrameMs(nowMs));
            if (rate == _applied)
                return;
            QualitySettings.vSyncCount = 0;
            Application.targetFrameRate = rate;
            _applied = rate;
        }
    }
}
