using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// wait: for exactly one of <c>frames</c>, <c>settled: true</c> (for <c>quiet_frames</c> frames
    /// in a row), or a <see cref="StepCondition"/> (<c>event</c>, <c>node</c>, <c>text</c>, checked
    /// after every frame; one that already holds answers at once). <c>timeout_ms</c> is game time
    /// in lockstep and wall time in realtime (<see cref="Deadline"/>); <c>frames</c> always runs
    /// exactly that many, whatever the timeout. Answers <c>{"frames_waited", "frame"}</c>, or
    /// TIMEOUT. A held game advances for the wait.
    /// </summary>
    internal sealed class WaitCommand : BridgeCommand
    {
        const string OneOf = "wait takes exactly one of frames, settled: true, event, node or text.";

        public WaitCommand() : base("wait",
            "Wait for N frames, until the game is settled for quiet_frames frames, or until an event, a node or a "
            + "text; TIMEOUT past timeout_ms (game time in lockstep).",
            StepCondition.AddTo(new ArgsSchema()
                .Add("frames", ArgSpec.Of("integer", "frames to wait").AsOptional().Within(1, Limits.MaxFrames))
                .Add("settled", ArgSpec.Of("boolean", "wait until nothing animates for quiet_frames frames").AsOptional())
                .Add("quiet_frames", ArgSpec.Of("integer", "with settled: the settled frames in a row")
                    .WithDefault(2).Within(1, Limits.MaxQuietFrames)))
                .Add("timeout_ms", Limits.TimeoutMs("game ms in lockstep, wall ms in realtime")))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            bool hasFrames = args["frames"] != null;
            bool settled = args["settled"] != null && (bool)args["settled"];
            int conditions = StepCondition.CountGiven(args);
            if ((hasFrames ? 1 : 0) + (settled ? 1 : 0) + conditions != 1)
                throw new InvalidArgsException(OneOf);
            StepCondition condition = null;
            if (conditions == 1)
                condition = StepCondition.From(context, args, Name);
            else
                StepCondition.RefuseStrayArguments(args);
            if (hasFrames)
                return CommandReply.Later(FrameWait.Frames((int)args["frames"]));
            Deadline deadline = Deadline.Start(context, (long)args["timeout_ms"]);
            if (settled)
            {
                return CommandReply.Later(new SettledWait((int)args["quiet_frames"], deadline, FrameWait.Data,
                    "The game did not settle within {0} ({1})."));
            }
            if (condition.Met(context))
                return CommandReply.Now(FrameWait.Data(context, 0));
            return CommandReply.Later(FrameWait.Until(condition, deadline));
        }
    }
}
