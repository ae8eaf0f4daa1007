using System.Collections.Generic;
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
                .Add("max_depth", ArgSpec.Of("integer", "levels below root to include").AsOptional().WithMinimum(0))
                .Add("fields", ArgSpec.Of("array", "only these fields of each node (children always): a leaner tree")
                    .AsOptional().WithItems(ArgSpec.Of("string").WithEnum(new JArray(NodeSerializer.FieldNames)))))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            TreeNode root = context.Locator.FindPathOrRef((string)args["root"]);
            int maxDepth = args["max_depth"] == null ? -1 : (int)args["max_depth"];
            ISet<string> fields = args["fields"] == null ? null : new HashSet<string>(args["fields"].ToObject<string[]>());
            var serializer = new NodeSerializer(context.Values);
            var data = new JObject();
            data["tree"] = serializer.Tree(root, maxDepth, fields);
            data["count"] = serializer.Count;
            return CommandReply.Now(data);
        }
    }
}
