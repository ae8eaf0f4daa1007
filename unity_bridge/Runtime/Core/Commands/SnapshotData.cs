using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Snapshot;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// A snapshot as commands return it: <c>{"text", "refs", "snapshot": n, "tree_version": v}</c>
    /// (n counting snapshots), or <c>{"unchanged": true, "snapshot": n, "tree_version": v}</c>
    /// when the tree is still at the version asked about in <c>since</c>. The options are shared
    /// by the snapshot command and the actions' <c>snapshot</c> option.
    /// </summary>
    internal static class SnapshotData
    {
        /// <summary>The options a snapshot takes (also inside an action's <c>snapshot</c> object).</summary>
        public static ArgsSchema OptionsSchema()
        {
            return new ArgsSchema()
                .Add("interactive", ArgSpec.Of("boolean", "only nodes with refs (and their ancestors unless compact)").WithDefault(false))
                .Add("compact", ArgSpec.Of("boolean", "drop unnamed wrappers and hoist their children").WithDefault(false))
                .Add("max_depth", ArgSpec.Of("integer", "levels below root to show").AsOptional().WithMinimum(0))
                .Add("since", ArgSpec.Of("integer", "a tree_version: answer only {unchanged: true} while the tree is still there")
                    .AsOptional().WithMinimum(0));
        }

        /// <summary>Snapshot options from validated args.</summary>
        public static SnapshotOptions OptionsFrom(JObject args)
        {
            return new SnapshotOptions
            {
                Interactive = (bool)args["interactive"],
                Compact = (bool)args["compact"],
                MaxDepth = args["max_depth"] == null ? -1 : (int)args["max_depth"],
                Since = args["since"] == null ? (int?)null : (int)args["since"],
            };
        }

        public static JObject Take(CommandContext context, TreeNode root, SnapshotOptions options)
        {
            SnapshotResult result = SnapshotFormatter.Format(root, context.Tree.Root, options, context.Refs,
                context.Versions, context.Engine.BridgeTarget);
            var data = new JObject();
            if (result.Unchanged)
                data["unchanged"] = true;
            else
            {
                data["text"] = result.Text;
                data["refs"] = result.Refs;
            }
            data["snapshot"] = context.Refs.Snapshots;
            data["tree_version"] = result.TreeVersion;
            return data;
        }

        /// <summary>A snapshot of the whole tree with the given options.</summary>
        public static JObject Take(CommandContext context, SnapshotOptions options)
        {
            return Take(context, context.Tree.Root, options);
        }
    }
}
