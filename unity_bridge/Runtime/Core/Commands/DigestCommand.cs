using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// digest: a hash of the game's state under <c>root</c> (<see cref="StateDigest"/>), so two
    /// runs with the same seed and inputs can be compared at the same frame; answers
    /// <c>{"digest", "frame", "count", "root"}</c> (<c>root</c>: the path hashed, a ref resolved),
    /// plus <c>by_node</c> (path: hash) with <c>nodes: true</c>.
    /// </summary>
    internal sealed class DigestCommand : BridgeCommand
    {
        public DigestCommand() : base("digest",
            "A hash of the game's state (every GameObject's path, active flag, transform and public script fields) "
            + "under root, to compare runs frame by frame.",
            new ArgsSchema()
                .Add("root", TargetArgs.Root())
                .Add("nodes", ArgSpec.Of("boolean", "also each node's own hash, by path").WithDefault(false)))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            TreeNode root = context.Locator.FindPathOrRef((string)args["root"]);
            StateDigest digest = StateDigest.Of(root, context.Values, context.Engine.BridgeTarget, (bool)args["nodes"]);
            var data = new JObject();
            data["digest"] = digest.Digest;
            data["frame"] = context.Clock.Frame;
            data["count"] = digest.Count;
            data["root"] = root.Path;
            if (digest.ByNode != null)
                data["by_node"] = digest.ByNode;
            return CommandReply.Now(data);
        }
    }
}
