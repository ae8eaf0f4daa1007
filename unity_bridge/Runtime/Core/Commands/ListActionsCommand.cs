using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Snapshot;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class ListActionsCommand : BridgeCommand
    {
        public ListActionsCommand() : base("list_actions",
            "Every action a player could take right now (visible, enabled controls), and every command.", ArgsSchema.None)
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            var actions = new JArray();
            foreach (TreeNode node in context.Tree.Walk(context.Tree.Root))
            {
                foreach (string action in node.Source.Actions)
                {
                    if (ActionGuard.BlockedReason(node, action) != null)
                        continue;
                    var entry = new JObject();
                    entry["path"] = node.Path;
                    entry["action"] = action;
                    string label = SnapshotLine.Flat(node.Source.Accessibility.Name);
                    entry["name"] = label.Length > 0 ? label : node.Name;
                    actions.Add(entry);
                }
            }
            var data = new JObject();
            data["actions"] = actions;
            data["commands"] = new JArray(context.Commands.Names());
            return CommandReply.Now(data);
        }
    }
}
