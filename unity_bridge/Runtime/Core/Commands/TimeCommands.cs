using System;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>set_time_scale: sets the game's own time scale (the bridge never touches it otherwise).</summary>
    internal sealed class SetTimeScaleCommand : BridgeCommand
    {
        public SetTimeScaleCommand() : base("set_time_scale", "Set the game's own time scale (Unity: Time.timeScale).",
            new ArgsSchema().Add("scale", ArgSpec.Of("number", "1 is normal speed; > 0").WithMaximum(1000)))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            double scale = (double)args["scale"];
            if (!(scale > 0.0) || double.IsInfinity(scale))
                throw new InvalidArgsException("scale must be above 0 (use pause to hold the game).");
            context.Engine.TimeControl.SetTimeScale(scale);
            return CommandReply.Now(new JObject(new JProperty("time_scale", context.Engine.TimeControl.TimeScale)));
        }
    }

    /// <summary>pause: holds the game on the next frame boundary (already so in lockstep).</summary>
    internal sealed class PauseCommand : BridgeCommand
    {
        public PauseCommand() : base("pause",
            "Hold the game: it advances only for requests that need frames (step, wait...); the bridge keeps answering.",
            ArgsSchema.None)
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            context.Clock.Pause();
            return CommandReply.Now(context.Clock.Describe());
        }
    }

    /// <summary>resume: lets a held game run on its own, at its fixed frame rate, until pause.</summary>
    internal sealed class ResumeCommand : BridgeCommand
    {
        public ResumeCommand() : base("resume", "Let a held game run on its own in real time until pause.", ArgsSchema.None)
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            context.Clock.Resume();
            return CommandReply.Now(context.Clock.Describe());
        }
    }

    /// <summary>
    /// step: advances a held game by exactly N frames and answers with the clock plus
    /// <c>stepped</c> and <c>physics_ticks</c>; the game stays held.
    /// </summary>
    internal sealed class StepCommand : BridgeCommand
    {
        public StepCommand() : base("step", "Advance a held game by exactly N frames (each 1/fps s of game time).",
            new ArgsSchema().Add("frames", ArgSpec.Of("integer").WithDefault(1).Within(1, Limits.MaxFrames)))
        {
        }

        /// <summary>INVALID_ARGS unless the game is held (step, step_until and replay).</summary>
        public static void RequireHeld(CommandContext context, string command)
        {
            if (!context.Clock.Held)
                throw new InvalidArgsException(command + " works on a held game: send pause first (lockstep games are held).");
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            RequireHeld(context, Name);
            return CommandReply.Later(new StepWait((int)args["frames"], context.Engine.TimeControl.PhysicsFrame));
        }

        sealed class StepWait : IPendingReply
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
                JObject result = context.Clock.Describe();
                result["physics_ticks"] = Math.Max(0, context.Engine.TimeControl.PhysicsFrame - _physicsBefore);
                result["stepped"] = _frames;
                data = result;
                return true;
            }
        }
    }
}
