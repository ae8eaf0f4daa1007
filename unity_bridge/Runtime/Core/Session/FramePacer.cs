namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// Agent mode's frame pacing (docs/PROTOCOL.md, section 7): short frames while requests
    /// arrive, longer ones once the session has been idle for a moment, so a command is picked up
    /// within about a millisecond without burning a core.
    /// </summary>
    internal sealed class FramePacer
    {
        public const double BusyFrameMs = 0.1;
        public const double IdleFrameMs = 1.0;
        const double IdleAfterMs = 250.0;

        double _lastActivityMs = double.NegativeInfinity;

        /// <summary>Records that requests arrived or were answered at <paramref name="nowMs"/>.</summary>
        public void Activity(double nowMs)
        {
            _lastActivityMs = nowMs;
        }

        /// <summary>The frame length to aim for at <paramref name="nowMs"/>.</summary>
        public double FrameMs(double nowMs)
        {
            return nowMs - _lastActivityMs < IdleAfterMs ? BusyFrameMs : IdleFrameMs;
        }
    }
}
