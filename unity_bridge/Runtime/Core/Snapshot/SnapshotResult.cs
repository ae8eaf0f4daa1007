using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>The snapshot text and its refs: <c>{"e1": {"role", "name", "path"}}</c>.</summary>
    internal sealed class SnapshotResult
    {
        public SnapshotResult(string text, JObject refs)
        {
            Text = text;
            Refs = refs;
        }

        public string Text { get; private set; }
        public JObject Refs { get; private set; }
    }
}
