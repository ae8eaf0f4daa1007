namespace AgentBridgeUnity.Core.Settle
{
    /// <summary>Counts consecutive settled frames; any busy frame starts the count again.</summary>
    internal sealed class QuietFrameCounter
    {
        readonly int _needed;
        int _quiet;

        public QuietFrameCounter(int needed)
        {
            _needed = needed;
        }

        /// <summary>Records one frame; true once <c>needed</c> settled frames in a row were seen.</summary>
        public bool Record(bool settled)
        {
            _quiet = settled ? _quiet + 1 : 0;
            return _quiet >= _needed;
        }
    }
}
