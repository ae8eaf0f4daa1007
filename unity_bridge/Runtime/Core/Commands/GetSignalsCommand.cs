using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class GetSignalsCommand : BridgeCommand
    {
        public GetSignalsCommand() : base("get_signals",
            "A node's events (UnityEvents) and the listeners the engine exposes.", TargetArgs.Schema())
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            TreeNode node = context.Locator.Find(args);
            var signals = new JArray();
            foreach (SignalInfo signal in node.Source.Signals)
            {
                var connections = new JArray();
                foreach (SignalConnection connection in signal.Connections)
                {
                    var entry = new JObject();
                    entry["target"] = Describe(connection.Target, context);
                    entry["method"] = connection.Method;
                    connections.Add(entry);
                }
                var item = new JObject();
                item["name"] = signal.Name;
                item["args"] = new JArray(signal.Args);
                item["connections"] = connections;
                signals.Add(item);
            }
            var data = new JObject();
            data["signals"] = signals;
            return CommandReply.Now(data);
        }

        /// <summary>The listener's node path when it is in the tree, else its class.</summary>
        static string Describe(object target, CommandContext context)
        {
            if (target == null)
                return "null";
            string path = ValueFromWire.NodePath(context.Values.ToWire(target));
            return path ?? TypeNames.OfValue(target);
        }
    }
}
