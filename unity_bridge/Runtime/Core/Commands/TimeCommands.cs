using System;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>The clock's data: <c>{"paused", "frame", "physics_frame", "time_scale"}</c>.</summary>
    internal static class ClockData
    {
        public static JObject Of(CommandContext context)
        {
            ITimeControl time = context.Engine.TimeControl;
            var data = new JObject();
            data["paused"] = time.Paused;
            data["frame"] = context.Engine.Frame;
            data["physics_frame"] = time.PhysicsFrame;
            data["time_scale"] = time.TimeScale;
            return data;
        }
    }

    internal sealed class SetTimeScaleCommand : BridgeCommand
    {
        public SetTimeScaleCommand() : base("set_time_scale", "Speed game time up or down.",
            new ArgsSchema().Add("scale", ArgSpec.Of("number", "1 is normal speed; > 0").WithMaximum(1000)))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            double scale = (double)args["scale"];
            if (!(scale > 0.0) || double.IsInfinity(scale))
                throw new InvalidArgsException("scale must be above 0 (use pause to stop).");
            context.Engine.TimeControl.SetTimeScale(scale);
            return CommandReply.Now(new JObject(new JProperty("time_scale", context.Engine.TimeControl.TimeScale)));
        }
    }

    internal sealed class PauseCommand : BridgeCommand
    {
        public PauseCommand() : base("pause", "Pause the game (the bridge keeps answering).", ArgsSchema.None)
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            context.Engine.TimeControl.Pause();
            return CommandReply.Now(ClockData.Of(context));
        }
    }

    internal sealed class ResumeCommand : BridgeCommand
    {
        public ResumeCommand() : base("resume", "Resume a paused game.", ArgsSchema.None)
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            context.Engine.TimeControl.Resume();
            return CommandReply.Now(ClockData.Of(context));
        }
    }

    /// <summary>
    /// step: unpauses for exactly N frames, then pauses again and answers with the clock plus
    /// <c>stepped</c> and <c>physics_ticks</c>.
    /// </summary>
    internal sealed class StepCommand : BridgeCommand
    {
        public StepCommand() : base("step", "Advance a paused game by exactly N process frames and physics ticks.",
            new ArgsSchema().Add("frames", ArgSpec.Of("integer").WithDefault(1).Within(1, Limits.MaxFrames)))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            ITimeControl time = context.Engine.TimeControl;
            if (!time.Paused)
                throw new InvalidArgsException("step works on a paused game: send pause first.");
            int frames = (int)args["frames"];
            long physicsBefore = time.PhysicsFrame;
            time.Resume();
            return CommandReply.Later(new StepWait(frames, physicsBefore));
        }

        sealed class StepWait : IPendingReply, ICancellableReply
        {
            readonly int _frames;
            readonly long _physicsBefore;
            int _waited;

            public StepWait(int frames, long physicsBefore)
            {
                _frames = frames;
                _physicsBefore = physicsBefore;
            }

            public bool TryFinish(CommandContext context, out JToken data)
            {
                data = null;
                _waited++;
                if (_waited < _frames)
                    return false;
                ITimeControl time = context.Engine.TimeControl;
                time.Pause();
                JObject result = ClockData.Of(context);
                result["physics_ticks"] = Math.Max(0, time.PhysicsFrame - _physicsBefore);
                result["stepped"] = _frames;
                data = result;
                return true;
            }

            /// <summary>A cancelled step leaves the game paused, as it found it.</summary>
            public void Cancel(CommandContext context)
            {
                context.Engine.TimeControl.Pause();
            }
        }
    }
}
