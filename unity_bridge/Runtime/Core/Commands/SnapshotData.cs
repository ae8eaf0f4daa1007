using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Snapshot;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// A snapshot as commands return it: <c>{"text", "refs", "snapshot": n}</c>, n counting
    /// snapshots.
    /// </summary>
    internal static class SnapshotData
    {
        public static JObject Take(CommandContext context, TreeNode root, SnapshotOptions options)
        {
            SnapshotResult result = SnapshotFormatter.Format(root, options, context.Refs);
            var data = new JObject();
            data["text"] = result.Text;
            data["refs"] = result.Refs;
            data["snapshot"] = context.Refs.Snapshots;
            return data;
        }

        /// <summary>The full snapshot of the whole tree.</summary>
        public static JObject Take(CommandContext context)
        {
            return Take(context, context.Tree.Root, new SnapshotOptions { MaxDepth = -1 });
        }
    }
}
