using System;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// set_value: sets a slider's or scroll bar's value through the control's own setter (rounded
    /// and clamped as the engine does, raising the change event a player's input raises).
    /// Answers <c>{"target", "value", "clamped", "min", "max", "step"}</c> (+ <c>asked</c> when
    /// clamped). Unity's runtime UI has no color picker, so a color is INVALID_ARGS unless a
    /// game's own control takes it.
    /// </summary>
    internal sealed class SetValueCommand : NodeActionCommand
    {
        public SetValueCommand() : base("set_value",
            "Set a slider or scroll bar to a value, emitting the same change event as a player's input.",
            TargetArgs.Schema().Add("value", ArgSpec.Of(ArgSpec.Any, "a number (sliders, scroll bars)")))
        {
        }

        protected override JObject Act(CommandContext context, JObject args)
        {
            TreeNode node = context.Locator.Find(args);
            string reason = ActionGuard.BlockedReason(node, Name);
            if (reason != null)
                throw new NotInteractableException(String.Format("Cannot set it: {0} {1}.", node.Path, reason));
            var range = NodeControls.Of<IRangeControl>(node);
            if (range == null)
                throw new InvalidArgsException(String.Format("set_value works on sliders and scroll bars; {0} is a {1}{2}.",
                    node.Path, node.Source.TypeName, node.Source.Accessibility.Role == AriaRole.Textbox ? " (use fill for text)" : ""));
            JToken value = args["value"];
            if (!JsonNumbers.IsNumber(value))
                throw new InvalidArgsException(String.Format("{0} is a {1}: its value is a number, got {2}.", node.Path,
                    node.Source.TypeName, WireJson.Serialize(value)));
            double asked = (double)value;
            range.SetValue(asked);
            double now = range.Value;
            bool clamped = !Close(now, asked);
            var data = new JObject();
            data["target"] = node.Path;
            data["value"] = now;
            data["clamped"] = clamped;
            data["min"] = range.Min;
            data["max"] = range.Max;
            data["step"] = range.Step;
            if (clamped)
                data["asked"] = asked;
            return data;
        }

        /// <summary>Equal as the engine's floats hold them (a float slider keeps about 7 digits).</summary>
        static bool Close(double a, double b)
        {
            return Math.Abs(a - b) <= 1e-5 * Math.Max(1.0, Math.Max(Math.Abs(a), Math.Abs(b)));
        }
    }
}
