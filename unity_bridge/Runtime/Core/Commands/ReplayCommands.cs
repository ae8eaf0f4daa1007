using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Replay;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// record_start: starts writing a replay file in the session's <c>artifacts/</c> (docs/REPLAY.md):
    /// the requests that act on the game and a person's input, with the digest every
    /// <c>checkpoint_every</c> frames; answers <c>{"path", "frame", "checkpoint_every"}</c>.
    /// </summary>
    internal sealed class RecordStartCommand : BridgeCommand
    {
        /// <summary>The most frames between two checkpoints.</summary>
        const int MaxCheckpointEvery = 100000;

        public RecordStartCommand() : base("record_start",
            "Start recording every input and request that acts on the game into a replay file.",
            new ArgsSchema()
                .Add("checkpoint_every", ArgSpec.Of("integer", "frames between the digests written to the file")
                    .WithDefault(ReplayState.DefaultEvery).Within(1, MaxCheckpointEvery))
                .Add("annotate", ArgSpec.Of("boolean",
                    "also note the controls' events and the texts shown (for codegen)").WithDefault(false)))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            ReplayState replays = context.Replays;
            if (replays.Recording)
                throw new InvalidArgsException("A recording is running already (started at frame "
                    + replays.Recorder.StartFrame + "): send record_stop first.");
            if (replays.Replaying)
                throw new InvalidArgsException("A replay is running: a game cannot record while it replays.");
            int every = (int)args["checkpoint_every"];
            string problem = replays.StartRecording(context.NewContext, context.Files.Artifacts, every, (bool)args["annotate"], false);
            if (problem != null)
                throw new UnsupportedException("Cannot record: " + problem + ".");
            var data = new JObject();
            data["path"] = replays.Recorder.Path;
            data["frame"] = context.Clock.Frame;
            data["checkpoint_every"] = every;
            return CommandReply.Now(data);
        }
    }

    /// <summary>
    /// record_stop: ends the recording (its end line holds the final digest) and answers
    /// <c>{"path", "frames", "lines", "inputs", "requests", "bytes", "frame", "digest"}</c>.
    /// </summary>
    internal sealed class RecordStopCommand : BridgeCommand
    {
        public RecordStopCommand() : base("record_stop",
            "End the recording: the final digest is written; answers the file's path.", ArgsSchema.None)
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            if (context.Replays.Recorder == null)
                throw new NotFoundException("Nothing is being recorded: send record_start first.");
            return CommandReply.Now(context.Replays.StopRecording());
        }
    }

    /// <summary>
    /// replay: plays a chunk of a replay file's lines into a held game frame by frame
    /// (<see cref="Replayer"/>) and answers once the game reached the chunk's last frame, or a
    /// checkpoint differed with <c>check</c>: <c>{"frame", "checks", "mismatches", "inputs",
    /// "requests", "divergence", "failures", "ended", "stopped"}</c>. A chunk with a line that
    /// cannot be played is refused whole, before anything of it plays; a replay under way then
    /// still waits for a good chunk of its frames.
    /// </summary>
    internal sealed class ReplayCommand : BridgeCommand
    {
        public ReplayCommand() : base("replay",
            "Play a chunk of a replay file into a held game, frame by frame, comparing digests.",
            new ArgsSchema()
                .Add("lines", ArgSpec.Of("array", "replay-file lines of frames from the current one up to `until`")
                    .WithItems(ArgSpec.Of("object")))
                .Add("until", ArgSpec.Of("integer",
                    "the frame this chunk ends at (its lines come with the next chunk, unless final)").Within(0, 1L << 40))
                .Add("final", ArgSpec.Of("boolean", "the last chunk: play frame `until` too").WithDefault(false))
                .Add("check", ArgSpec.Of("boolean", "stop at the first checkpoint whose digest differs").WithDefault(false))
                .Add("window", ArgSpec.Of("array", "the recorded window size [w, h] (the first chunk; Unity does not resize)")
                    .AsOptional()))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            ReplayState replays = context.Replays;
            StepCommand.RequireHeld(context, Name);
            if (replays.Recording)
                throw new InvalidArgsException("The game is recording: send record_stop before replaying into it.");
            long until = (long)args["until"];
            bool final = (bool)args["final"];
            if (until < context.Clock.Frame)
                throw new InvalidArgsException("until (" + until + ") is before the current frame " + context.Clock.Frame + ".");
            Replayer replayer = replays.Replaying ? replays.Replayer : new Replayer(context.NewContext, (bool)args["check"]);
            var lines = (JArray)args["lines"];
            string problem = ReplayLines.Problem(lines, replayer.KnownUntil, until, final);
            if (problem != null)
                throw new InvalidArgsException("Bad replay chunk: " + problem + ".");
            replays.Replayer = replayer;
            replayer.Add(lines, until, final);
            var wait = new ReplayWait(replayer, until, final);
            JToken data;
            return wait.TryFinish(context, out data) ? CommandReply.Now(data) : CommandReply.Later(wait);
        }

        /// <summary>
        /// Answers once the game reached the chunk's last frame (its lines played at that frame's
        /// start when final) or the replay stopped; asked after the frame-start hooks, so the frame
        /// that ends it has been played.
        /// </summary>
        sealed class ReplayWait : IPendingReply, IFrameStartReply, ICancellableReply
        {
            readonly Replayer _replayer;
            readonly long _until;
            readonly bool _final;

            public ReplayWait(Replayer replayer, long until, bool final)
            {
                _replayer = replayer;
                _until = until;
                _final = final;
            }

            public bool TryFinish(CommandContext context, out JToken data)
            {
                data = null;
                if (!_replayer.Stopped && context.Clock.Frame < _until)
                    return false;
                if (_final)
                    _replayer.Stopped = true;
                data = _replayer.Answer();
                return true;
            }

            public void Cancel(CommandContext context)
            {
                _replayer.Stopped = true;
            }
        }
    }
}
