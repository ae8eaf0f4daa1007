using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class ClickCommand : NodeActionCommand
    {
        public ClickCommand() : base(NodeAction.Click,
            "Click a node (a control, or anything handling pointer clicks) or a screen point with pointer events: enter, down, up, click.",
            TargetArgs.Schema()
                .Add("x", Limits.Coordinate("screen x (pixels from the left), instead of a node"))
                .Add("y", Limits.Coordinate("screen y (pixels from the top)"))
                .Add("button", ArgSpec.Of("string").WithDefault("left").WithEnum(new JArray("left", "right", "middle")))
                .Add("double", ArgSpec.Of("boolean", "a double click").WithDefault(false)))
        {
        }

        protected override JObject Act(CommandContext context, JObject args)
        {
            var input = new ActionInput { Button = (string)args["button"], Double = (bool)args["double"] };
            bool hasPoint = args["x"] != null || args["y"] != null;
            bool hasNode = args["path"] != null || args["ref"] != null;
            if (hasPoint && hasNode)
                throw new InvalidArgsException("Click either a node ('path' or 'ref') or a point ('x' and 'y'), not both.");
            return hasPoint ? ClickPoint(context, args, input) : ClickNode(context, args, input);
        }

        JObject ClickNode(CommandContext context, JObject args, ActionInput input)
        {
            TreeNode node = context.Locator.Find(args);
            PerformOn(node, input);
            double[] rect = NodeRect.Of(node, context.Values);
            return Report(node.Path, rect == null ? null : new[] { rect[0] + rect[2] / 2, rect[1] + rect[3] / 2 });
        }

        static JObject ClickPoint(CommandContext context, JObject args, ActionInput input)
        {
            if (args["x"] == null || args["y"] == null)
                throw new InvalidArgsException("Click a point with both 'x' and 'y'.");
            if (context.Engine.Pointer == null)
                throw new UnsupportedException("This engine host has no screen to click points on; click a node.");
            double x = (double)args["x"];
            double y = (double)args["y"];
            object hit = context.Engine.Pointer.ClickAt(x, y, input);
            return Report(hit == null ? null : context.Tree.PathOf(hit), new[] { x, y });
        }

        /// <summary><c>{"target": path or null, "position": {"x", "y"} or null}</c>.</summary>
        static JObject Report(string target, double[] position)
        {
            var data = new JObject();
            data["target"] = target == null ? (JToken)JValue.CreateNull() : target;
            data["position"] = position == null ? (JToken)JValue.CreateNull() : VectorJson.Write(VectorJson.XY, position);
            return data;
        }
    }
}
