using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class DragCommand : NodeActionCommand
    {
        public DragCommand() : base("drag", "Press on one target, move to another in steps, release there.",
            new ArgsSchema()
                .Add("from", ArgSpec.Of(ArgSpec.Any, "a ref, a node path or {x, y}"))
                .Add("to", ArgSpec.Of(ArgSpec.Any, "a ref, a node path or {x, y}"))
                .Add("button", ArgSpec.Of("string").WithDefault("left").WithEnum(new JArray("left", "right", "middle"))))
        {
        }

        protected override JObject Act(CommandContext context, JObject args)
        {
            PointerSpot from = PointerTargets.FromEnd(context, args["from"], Name);
            PointerSpot to = PointerTargets.FromEnd(context, args["to"], Name);
            PointerTargets.Input(context).Drag(from, to, (string)args["button"]);
            var data = new JObject();
            data["from"] = PointerTargets.Describe(context, from);
            data["to"] = PointerTargets.Describe(context, to);
            return data;
        }
    }
}
