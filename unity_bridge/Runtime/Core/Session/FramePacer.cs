namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// How often a held game looks at the command file (docs/PROTOCOL.md, section 7): at once
    /// (a yield) for 20 ms after a request came or an answer went, since a client's next request
    /// usually follows within a fraction of a millisecond; then every millisecond up to a
    /// second; then every 2 ms, so a frozen game costs next to nothing.
    /// </summary>
    internal sealed class FramePacer
    {
        const double EagerMs = 20.0;
        const double BusyMs = 1000.0;

        double _lastActivityMs = double.NegativeInfinity;

        /// <summary>Records that requests arrived or were answered at <paramref name="nowMs"/>.</summary>
        public void Activity(double nowMs)
        {
            _lastActivityMs = nowMs;
        }

        /// <summary>How long to sleep at <paramref name="nowMs"/> before looking again, in whole ms (0: yield).</summary>
        public int SleepMs(double nowMs)
        {
            double idle = nowMs - _lastActivityMs;
            if (idle < EagerMs)
                return 0;
            return idle < BusyMs ? 1 : 2;
        }
    }
}
