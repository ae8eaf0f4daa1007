using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// step_until: advances a paused game frame by frame until a <see cref="StepCondition"/>
    /// holds or <c>max_frames</c> passed, then pauses it again; answers the clock plus
    /// <c>met</c> and <c>frames</c>. A condition that already holds answers at once with 0 frames.
    /// </summary>
    internal sealed class StepUntilCommand : BridgeCommand
    {
        public StepUntilCommand() : base("step_until",
            "Advance a paused game frame by frame until a condition holds or max_frames pass; answers whether it "
            + "was met and after how many frames.",
            new ArgsSchema()
                .Add("event", ArgSpec.Of("string", "stop when an event of this type arrives").AsOptional())
                .Add("node", ArgSpec.Of("string", "a node path: stop when it is there (or gone, with present: false)").AsOptional())
                .Add("present", ArgSpec.Of("boolean").WithDefault(true))
                .Add("property", ArgSpec.Of("string", "with node: stop when this property compares true to value").AsOptional())
                .Add("op", ArgSpec.Of("string").WithDefault("==").WithEnum(new JArray("==", "!=", "<", "<=", ">", ">=")))
                .Add("value", ArgSpec.Of(ArgSpec.Any).AsOptional())
                .Add("text", ArgSpec.Of("string", "stop when a shown label or button holds this text").AsOptional())
                .Add("max_frames", ArgSpec.Of("integer").WithDefault(600).Within(1, Limits.MaxFrames)))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            ITimeControl time = context.Engine.TimeControl;
            if (!time.Paused)
                throw new InvalidArgsException("step_until works on a paused game: send pause first.");
            StepCondition condition = StepCondition.From(context, args);
            if (condition.Met(context))
                return CommandReply.Now(Result(context, true, 0));
            time.Resume();
            return CommandReply.Later(new Stepping(condition, (int)args["max_frames"]));
        }

        static JObject Result(CommandContext context, bool met, int frames)
        {
            JObject data = ClockData.Of(context);
            data["met"] = met;
            data["frames"] = frames;
            return data;
        }

        /// <summary>One frame at a time until the condition holds or the frames run out.</summary>
        sealed class Stepping : IPendingReply, ICancellableReply
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
                bool met;
                try
                {
                    met = _condition.Met(context);
                }
                catch
                {
                    context.Engine.TimeControl.Pause();
                    throw;
                }
                if (!met && _frames < _maxFrames)
                    return false;
                context.Engine.TimeControl.Pause();
                data = Result(context, met, _frames);
                return true;
            }

            public void Cancel(CommandContext context)
            {
                context.Engine.TimeControl.Pause();
            }
        }
    }
}
