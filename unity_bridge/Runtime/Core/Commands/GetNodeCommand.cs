using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Members;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class GetNodeCommand : BridgeCommand
    {
        public GetNodeCommand() : base("get_node",
            "One node in detail: its fields, child names and property types.", TargetArgs.Schema())
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            TreeNode node = context.Locator.Find(args);
            var children = new JArray();
            foreach (TreeNode child in node.Children)
                children.Add(child.Name);
            var data = new JObject();
            data["node"] = new NodeSerializer(context.Values).Node(node);
            data["children"] = children;
            data["properties"] = MemberCatalog.List(node.Source.MemberHosts);
            return CommandReply.Now(data);
        }
    }
}
