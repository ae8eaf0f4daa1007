using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class GetTreeCommand : BridgeCommand
    {
        public GetTreeCommand() : base("get_tree", "The live scene tree, every node serialized automatically.",
            new ArgsSchema()
                .Add("root", TargetArgs.Root())
                .Add("max_depth", ArgSpec.Of("integer", "levels below root to include").AsOptional().WithMinimum(0)))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            TreeNode root = context.Locator.FindPathOrRef((string)args["root"]);
            int maxDepth = args["max_depth"] == null ? -1 : (int)args["max_depth"];
            var serializer = new NodeSerializer(context.Values);
            var data = new JObject();
            data["tree"] = serializer.Tree(root, maxDepth);
            data["count"] = serializer.Count;
            return CommandReply.Now(data);
        }
    }
}
