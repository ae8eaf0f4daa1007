using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Snapshot;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class SnapshotCommand : BridgeCommand
    {
        public SnapshotCommand() : base("snapshot",
            "An accessibility text tree (- role \"name\" [attrs, ref=eN]); its refs work wherever a path does, "
            + "until the next snapshot.",
            new ArgsSchema()
                .Add("interactive", ArgSpec.Of("boolean", "only nodes with refs (and their ancestors unless compact)").WithDefault(false))
                .Add("compact", ArgSpec.Of("boolean", "drop unnamed wrappers and hoist their children").WithDefault(false))
                .Add("max_depth", ArgSpec.Of("integer", "levels below root to show").AsOptional().WithMinimum(0))
                .Add("root", TargetArgs.Root()))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            TreeNode root = context.Locator.FindPathOrRef((string)args["root"]);
            var options = new SnapshotOptions
            {
                Interactive = (bool)args["interactive"],
                Compact = (bool)args["compact"],
                MaxDepth = args["max_depth"] == null ? -1 : (int)args["max_depth"],
            };
            return CommandReply.Now(SnapshotData.Take(context, root, options));
        }
    }
}
