using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class SnapshotCommand : BridgeCommand
    {
        public SnapshotCommand() : base("snapshot",
            "Accessibility snapshot: an indented role/name tree where everything a player could act on has a ref "
            + "(e1, e2, ...), kept for as long as it lives, usable instead of a path.",
            SnapshotData.OptionsSchema().Add("root", TargetArgs.Root()))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            TreeNode root = context.Locator.FindPathOrRef((string)args["root"]);
            return CommandReply.Now(SnapshotData.Take(context, root, SnapshotData.OptionsFrom(args)));
        }
    }
}
