using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Members;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class CallMethodCommand : BridgeCommand
    {
        public CallMethodCommand() : base("call_method",
            "Call a public method of a node (name or Component.name) and return its result.",
            TargetArgs.Schema()
                .Add("method", ArgSpec.Of("string", "name, or Type.name"))
                .Add("args", ArgSpec.Of("array", "converted to the parameter types").WithDefault(new JArray())))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            TreeNode node = context.Locator.Find(args);
            MemberGuard.RequireChangeable(node, context.Engine.BridgeTarget);
            object result = MethodCaller.Call(node.Source.MemberHosts, (string)args["method"], (JArray)args["args"],
                context.Values, node.Path, context.Registry.AllowNonPublicMembers);
            var data = new JObject();
            data["result"] = context.Values.ToWire(result);
            return CommandReply.Now(data);
        }
    }
}
