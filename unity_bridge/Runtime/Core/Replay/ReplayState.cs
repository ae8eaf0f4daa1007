using System;
using System.Globalization;
using System.IO;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Replay
{
    /// <summary>
    /// The session's recording and replay (docs/REPLAY.md): at most one of them runs at a time.
    /// The bridge tells it where each frame starts and which requests start; the commands
    /// <c>record_start</c>, <c>record_stop</c> and <c>replay</c> start and end them.
    /// </summary>
    internal sealed class ReplayState
    {
        /// <summary>Frames between checkpoints of a recording started at launch (<c>--agent-record</c>).</summary>
        public const int DefaultEvery = 30;

        int _recordings;

        /// <summary>The recording running or last finished; null before the first.</summary>
        public ReplayRecorder Recorder { get; private set; }

        /// <summary>The replay running or last stopped; null before the first.</summary>
        public Replayer Replayer { get; set; }

        public bool Recording
        {
            get { return Recorder != null && !Recorder.Finished; }
        }

        public bool Replaying
        {
            get { return Replayer != null && !Replayer.Stopped; }
        }

        /// <summary>
        /// Starts a recording into a new file of <paramref name="folder"/>; null, or why it cannot.
        /// </summary>
        public string StartRecording(Func<CommandContext> context, string folder, int every, bool annotate, bool atLaunch)
        {
            _recordings++;
            string path = Path.Combine(folder, "recording-" + _recordings.ToString(CultureInfo.InvariantCulture) + ".replay.jsonl");
            try
            {
                Directory.CreateDirectory(folder);
            }
            catch (Exception error)
            {
                return "cannot make the folder " + folder + " (" + error.Message + ")";
            }
            var recorder = new ReplayRecorder();
            string problem = recorder.Start(context, path, every, annotate, atLaunch);
            if (problem == null)
                Recorder = recorder;
            return problem;
        }

        /// <summary>Ends the running recording; what record_stop answers.</summary>
        public JObject StopRecording()
        {
            return Recorder.Finish("stopped");
        }

        /// <summary>The start of a frame, once the requests waiting for it went on.</summary>
        public void FrameStarted()
        {
            if (Recording)
                Recorder.FrameStarted();
            if (Replaying)
                Replayer.FrameStarted();
        }

        /// <summary>A client's request about to run, its arguments validated.</summary>
        public void RequestStarted(JToken id, string command, JObject args)
        {
            if (Recording)
                Recorder.RequestStarted(id, command, args);
        }

        /// <summary>The session ends: a running recording gets its end line (without a digest).</summary>
        public void Close()
        {
            if (Recording)
                Recorder.Finish("exit");
        }
    }
}
