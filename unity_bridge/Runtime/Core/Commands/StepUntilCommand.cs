using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// step_until: advances a held game frame by frame until a <see cref="StepCondition"/>
    /// holds or <c>max_frames</c> passed, and the game stays held; answers the clock plus
    /// <c>met</c> and <c>frames</c>. A condition that already holds answers at once with 0 frames.
    /// </summary>
    internal sealed class StepUntilCommand : BridgeCommand
    {
        public StepUntilCommand() : base("step_until",
            "Advance a held game frame by frame until a condition holds or max_frames pass; answers whether it "
            + "was met and after how many frames.",
            StepCondition.AddTo(new ArgsSchema())
                .Add("max_frames", ArgSpec.Of("integer").WithDefault(600).Within(1, Limits.MaxFrames)))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            StepCommand.RequireHeld(context, Name);
            StepCondition condition = StepCondition.From(context, args, Name);
            if (condition.Met(context))
                return CommandReply.Now(Result(context, true, 0));
            return CommandReply.Later(new Stepping(condition, (int)args["max_frames"]));
        }

        static JObject Result(CommandContext context, bool met, int frames)
        {
            JObject data = context.Clock.Describe();
            data["met"] = met;
            data["frames"] = frames;
            return data;
        }

        /// <summary>One frame at a time until the condition holds or the frames run out.</summary>
        sealed class Stepping : IPendingReply
        {
            readonly StepCondition _condition;
            readonly int _maxFrames;
            int _frames;

            public Stepping(StepCondition condition, int maxFrames)
            {
                _condition = condition;
                _maxFrames = maxFrames;
            }

            public bool TryFinish(CommandContext context, out JToken data)
            {
                data = null;
                _frames++;
                bool met = _condition.Met(context);
                if (!met && _frames < _maxFrames)
                    return false;
                data = Result(context, met, _frames);
                return true;
            }
        }
    }
}
