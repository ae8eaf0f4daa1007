using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Snapshot;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// The shared shape of the actions (press, click, fill, hover, drag, input, select, set_value): act (on a node only after checking that a
    /// player could do the action now, see <see cref="ActionGuard"/>), then answer according to
    /// the action options.
    /// </summary>
    internal abstract class NodeActionCommand : BridgeCommand
    {
        protected NodeActionCommand(string action, string description, ArgsSchema schema)
            : base(action, description, ActionOptions.AddTo(schema))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            SnapshotOptions snapshot = ActionOptions.SnapshotAsked(args);
            HashSet<string> before = TreeChanges.Paths(context.Tree);
            JObject data = Act(context, args);
            context.Refresh();
            return ActionOptions.Finish(context, args, data, before, snapshot, DeliveredGate(context));
        }

        /// <summary>
        /// A condition the answer waits for after the action (input still on its way to the game);
        /// null (the default) answers at once.
        /// </summary>
        protected virtual Func<bool> DeliveredGate(CommandContext context)
        {
            return null;
        }

        /// <summary>Performs the action and returns its data.</summary>
        protected abstract JObject Act(CommandContext context, JObject args);

        /// <summary>
        /// Checks that a player could do <see cref="BridgeCommand.Name"/> on the node now, then
        /// does it through the node.
        /// </summary>
        protected ActionResult PerformOn(TreeNode node, ActionInput input)
        {
            ActionGuard.Require(node, Name);
            return node.Source.Perform(Name, input) ?? new ActionResult();
        }
    }
}
