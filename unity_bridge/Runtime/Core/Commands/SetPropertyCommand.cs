using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Members;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class SetPropertyCommand : BridgeCommand
    {
        public SetPropertyCommand() : base("set_property",
            "Set a property; the JSON value is converted to its type or refused, and nothing changes then.",
            TargetArgs.Schema()
                .Add("property", ArgSpec.Of("string", "name, Type.name, or sub-path such as position:x"))
                .Add("value", ArgSpec.Of(ArgSpec.Any, "JSON value converted to the property's type")))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            TreeNode node = context.Locator.Find(args);
            MemberGuard.RequireChangeable(node, context.Engine.BridgeTarget);
            string property = (string)args["property"];
            bool nonPublic = context.Registry.AllowNonPublicMembers;
            PropertyAccess.Set(node.Source.MemberHosts, property, args["value"], context.Values, node.Path, nonPublic);
            TypedValue now = PropertyAccess.Get(node.Source.MemberHosts, property, node.Path, nonPublic);
            return CommandReply.Now(PropertyReply.Of(now, context));
        }
    }
}
