using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class PressCommand : NodeActionCommand
    {
        public PressCommand() : base(NodeAction.Press,
            "Activate a control (button, toggle) through the engine's own input handling, as a player's click would.",
            TargetArgs.Schema())
        {
        }

        protected override JObject Act(CommandContext context, JObject args)
        {
            TreeNode node = context.Locator.Find(args);
            ActionResult result = PerformOn(node, new ActionInput());
            var data = new JObject();
            data["pressed"] = node.Path;
            if (result.Toggled.HasValue)
                data["toggled"] = result.Toggled.Value;
            return data;
        }
    }
}
