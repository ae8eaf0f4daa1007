using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Events
{
    /// <summary>Events taken from the queue at once, with the count of those lost to overflow.</summary>
    internal sealed class EventBatch
    {
        public EventBatch(JArray events, long dropped)
        {
            Events = events;
            Dropped = dropped;
        }

        public JArray Events { get; private set; }

        public long Dropped { get; private set; }
    }
}
