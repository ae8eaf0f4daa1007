using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class FillCommand : NodeActionCommand
    {
        public FillCommand() : base(NodeAction.Fill,
            "Replace the text of a text field, as typing would; optionally submit it.",
            TargetArgs.Schema()
                .Add("value", ArgSpec.Of("string", "the new text"))
                .Add("submit", ArgSpec.Of("boolean", "also submit, as pressing Enter would").WithDefault(false)))
        {
        }

        protected override JObject Act(CommandContext context, JObject args)
        {
            TreeNode node = context.Locator.Find(args);
            ActionResult result = PerformOn(node, new ActionInput { Text = (string)args["value"], Submit = (bool)args["submit"] });
            var data = new JObject();
            data["path"] = node.Path;
            data["text"] = result.Text;
            return data;
        }
    }
}
