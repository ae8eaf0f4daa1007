using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class HoverCommand : NodeActionCommand
    {
        /// <summary>The action's name, for NOT_INTERACTABLE sentences.</summary>
        public const string CommandName = "hover";

        public HoverCommand() : base(CommandName, "Move the mouse over the target.",
            TargetArgs.Schema()
                .Add("x", Limits.Coordinate("screen x (pixels from the left), instead of a node"))
                .Add("y", Limits.Coordinate("screen y (pixels from the top)")))
        {
        }

        protected override JObject Act(CommandContext context, JObject args)
        {
            PointerSpot spot = PointerTargets.FromArgs(context, args, Name);
            PointerTargets.Input(context).Hover(spot);
            return PointerTargets.Describe(context, spot);
        }
    }
}
