using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// hold: presses an action, a key or a mouse button, advances exactly <c>frames</c> frames and
    /// releases it; answers <c>{"held": name, "frames"}</c> on the frame of the release. A held
    /// game advances for it.
    /// </summary>
    internal sealed class HoldCommand : BridgeCommand
    {
        public HoldCommand() : base("hold", "Press an action, key or mouse button, advance N frames, release it.",
            TimedInput.Schema(false))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            IPlayerInput player = PointerTargets.Input(context);
            TimedInput input = TimedInput.From(player, args, Name);
            var data = new JObject();
            data["held"] = input.Name;
            data["frames"] = input.Frames;
            return InputTimeline.Run(player, new List<TimedInput> { input }, data);
        }
    }

    /// <summary>
    /// input_sequence: a frame-exact input timeline, <c>entries</c> of an action, key or button
    /// each with <c>start</c> (a frame offset), <c>frames</c> and <c>strength</c>; answers
    /// <c>{"frames": total, "entries": count}</c> once the last entry is released. Every entry is checked before
    /// anything is pressed; entries of one input may overlap, as in Godot (a release lets go whatever
    /// else holds it).
    /// </summary>
    internal sealed class InputSequenceCommand : BridgeCommand
    {
        public InputSequenceCommand() : base("input_sequence",
            "Run a frame-exact input timeline: entries of an action, key or button with a start frame, a length in "
            + "frames and a strength.",
            new ArgsSchema().Add("entries", ArgSpec.Of("array",
                "[{action|key|button, start (frame offset, default 0), frames, strength (default 1)}], 1 to 10000 entries")
                .WithItems(ArgSpec.Of("object"))))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            var entries = (JArray)args["entries"];
            if (entries.Count == 0 || entries.Count > Limits.MaxTimelineEntries)
                throw new InvalidArgsException(String.Format("entries holds 1 to {0} inputs.", Limits.MaxTimelineEntries));
            IPlayerInput player = PointerTargets.Input(context);
            ArgsSchema schema = TimedInput.Schema(true);
            var inputs = new List<TimedInput>();
            for (int i = 0; i < entries.Count; i++)
            {
                string what = "input_sequence entry " + i;
                inputs.Add(TimedInput.From(player, ArgsValidator.Validate(what, schema, (JObject)entries[i]), what));
            }
            var data = new JObject();
            data["frames"] = InputTimeline.Length(inputs);
            data["entries"] = inputs.Count;
            return InputTimeline.Run(player, inputs, data);
        }
    }
}
