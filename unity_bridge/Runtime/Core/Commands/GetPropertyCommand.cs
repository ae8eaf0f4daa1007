using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Members;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class GetPropertyCommand : BridgeCommand
    {
        public GetPropertyCommand() : base("get_property",
            "Read a property of a node: name, Component.name, or a sub-path such as position:x.",
            TargetArgs.Schema().Add("property", ArgSpec.Of("string", "name, Type.name, or sub-path such as position:x")))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            TreeNode node = context.Locator.Find(args);
            TypedValue read = PropertyAccess.Get(node.Source.MemberHosts, (string)args["property"], node.Path,
                context.Registry.AllowNonPublicMembers);
            return CommandReply.Now(PropertyReply.Of(read, context));
        }
    }
}
