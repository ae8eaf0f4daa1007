using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class WaitCommand : BridgeCommand
    {
        public WaitCommand() : base("wait",
            "Wait for N frames, or until the game is settled for quiet_frames frames; TIMEOUT past timeout_ms.",
            new ArgsSchema()
                .Add("frames", ArgSpec.Of("integer", "frames to wait").AsOptional().Within(1, Limits.MaxFrames))
                .Add("settled", ArgSpec.Of("boolean", "wait until nothing animates for quiet_frames frames").AsOptional())
                .Add("quiet_frames", ArgSpec.Of("integer").WithDefault(2).Within(1, Limits.MaxQuietFrames))
                .Add("timeout_ms", Limits.TimeoutMs()))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            bool hasFrames = args["frames"] != null;
            bool settled = args["settled"] != null && (bool)args["settled"];
            if (hasFrames == settled)
                throw new InvalidArgsException("wait takes exactly one of 'frames' or 'settled: true'.");
            double deadline = context.Engine.NowMs + (long)args["timeout_ms"];
            if (hasFrames)
                return CommandReply.Later(new FramesWait((int)args["frames"], deadline, (long)args["timeout_ms"]));
            return CommandReply.Later(new SettledWait((int)args["quiet_frames"], deadline, (long)args["timeout_ms"],
                (later, frames) => new JObject(new JProperty("frames_waited", frames)),
                "The game did not settle within {0} ms ({1})."));
        }
    }
}
