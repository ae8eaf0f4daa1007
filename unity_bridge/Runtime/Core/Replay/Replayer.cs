using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Replay
{
    /// <summary>
    /// Plays a replay file into a held game (docs/REPLAY.md). The client sends the file's lines in
    /// chunks, each ending at a frame; at the start of each frame (after the requests waiting for
    /// that frame went on and before new ones start, where the recorder wrote them) this plays
    /// that frame's lines in their order:
    /// <list type="bullet">
    /// <item><c>check</c>: compares the game's digest with the recorded one; the first that differs
    /// is explained by the field hashes: the first node (in tree order) whose fields differ, and
    /// the first of its fields that does;</item>
    /// <item><c>request</c>: runs the bridge request again (refs made anew from the recorded paths),
    /// its answer kept to itself (a failure goes to <see cref="Failures"/>);</item>
    /// <item><c>input</c>: queues the recorded event (<see cref="IInputCapture.Replay"/>), so it
    /// reaches the game with this frame's input update, where the person's did;</item>
    /// <item><c>cancel</c>: cancels a replayed request; <c>window</c> and <c>event</c>: nothing
    /// (a script cannot give a Unity player focus; events are notes for codegen);</item>
    /// <item><c>end</c>: the final digest.</item>
    /// </list>
    /// A frame whose lines have not come yet waits for the next chunk, which plays it first.
    /// </summary>
    internal sealed class Replayer
    {
        const string ReplayIdPrefix = "replay-";

        readonly Dictionary<long, List<JObject>> _byFrame = new Dictionary<long, List<JObject>>();
        readonly Dictionary<string, string> _recorded = new Dictionary<string, string>();
        readonly Func<CommandContext> _context;
        long _knownUntil;
        long _pending;

        /// <param name="context">Makes a context of the session whenever the replayer needs one.</param>
        /// <param name="check">Stop at the first checkpoint that differs.</param>
        public Replayer(Func<CommandContext> context, bool check)
        {
            _context = context;
            Check = check;
            _knownUntil = context().Clock.Frame;
            _pending = _knownUntil;
            Failures = new JArray();
        }

        public bool Check { get; private set; }
        public int Checks { get; private set; }
        public int Mismatches { get; private set; }
        public int Inputs { get; private set; }
        public int Requests { get; private set; }

        /// <summary>The first checkpoint that differed, explained; null while none did.</summary>
        public JObject Divergence { get; private set; }

        /// <summary>Replayed requests and inputs that failed: <c>[{"n", "frame", "cmd", "code", "error"}]</c>.</summary>
        public JArray Failures { get; private set; }

        /// <summary>The end line's comparison once played: <c>{"frame", "recorded", "replayed", "same"}</c>.</summary>
        public JObject Ended { get; private set; }

        /// <summary>True once a check stopped the replay (check mode), the end was played, or it was cancelled.</summary>
        public bool Stopped { get; set; }

        /// <summary>
        /// Takes the lines of every frame below <paramref name="until"/> (and of it when
        /// <paramref name="final"/>) and plays a frame that was waiting for them. The chunk must
        /// have passed <see cref="ReplayLines.Problem"/>.
        /// </summary>
        public void Add(JArray lines, long until, bool final)
        {
            foreach (JToken token in lines)
            {
                var line = (JObject)token;
                long frame = (long)line["f"];
                List<JObject> frameLines;
                if (!_byFrame.TryGetValue(frame, out frameLines))
                    _byFrame[frame] = frameLines = new List<JObject>();
                frameLines.Add(line);
            }
            _knownUntil = final ? until + 1 : until;
            if (_pending >= 0 && _pending < _knownUntil)
            {
                long frame = _pending;
                _pending = -1;
                Play(frame);
            }
        }

        /// <summary>The first frame this replayer has no lines for yet (a chunk's lines start there).</summary>
        public long KnownUntil
        {
            get { return _knownUntil; }
        }

        /// <summary>The start of a frame: plays its lines, or waits for the chunk that has them.</summary>
        public void FrameStarted()
        {
            if (Stopped)
                return;
            long frame = _context().Clock.Frame;
            if (frame < _knownUntil)
                Play(frame);
            else
                _pending = frame;
        }

        /// <summary>What <c>replay</c> answers.</summary>
        public JObject Answer()
        {
            var data = new JObject();
            data["frame"] = _context().Clock.Frame;
            data["checks"] = Checks;
            data["mismatches"] = Mismatches;
            data["inputs"] = Inputs;
            data["requests"] = Requests;
            data["divergence"] = Divergence ?? (JToken)JValue.CreateNull();
            data["failures"] = Failures;
            data["ended"] = Ended ?? (JToken)JValue.CreateNull();
            data["stopped"] = Stopped;
            return data;
        }

        void Play(long frame)
        {
            List<JObject> lines;
            if (!_byFrame.TryGetValue(frame, out lines))
                return;
            _byFrame.Remove(frame);
            foreach (JObject line in lines)
            {
                if (Stopped)
                    return;
                switch ((string)line["t"])
                {
                    case "check":
                        Compare(line, false);
                        break;
                    case "end":
                        Compare(line, true);
                        Stopped = true;
                        break;
                    case "request":
                        Request(line);
                        break;
                    case "input":
                        Input(line);
                        break;
                    case "cancel":
                        CommandContext context = _context();
                        if (context.Requests != null)
                            context.Requests.Cancel(ReplayIdPrefix + (long)line["n"]);
                        break;
                }
            }
        }

        void Input(JObject line)
        {
            IInputCapture capture = _context().Engine.Capture;
            string problem = capture == null ? "this engine host replays no input events" : capture.Replay((JObject)line["e"]);
            if (problem != null)
            {
                Fail(line, "input", ErrorCodes.InvalidArgs, String.Format("The input at frame {0} cannot be rebuilt: {1}.",
                    (long)line["f"], problem));
                return;
            }
            Inputs++;
        }

        void Request(JObject line)
        {
            CommandContext context = _context();
            var args = line["args"] == null ? new JObject() : (JObject)line["args"].DeepClone();
            foreach (string key in new[] { "ref", "from", "to" })
            {
                var named = args[key] as JObject;
                if (named != null && named["path"] != null && named["path"].Type == JTokenType.String)
                    args[key] = FreshRef(context, (string)named["path"]);
            }
            string command = (string)line["cmd"];
            bool started = context.Requests != null && context.Requests.Run(ReplayIdPrefix + (long)line["n"], command, args,
                failure => Fail(line, command, failure.WireCode, failure.Message));
            if (started)
                Requests++;
        }

        /// <summary>
        /// A ref for the node at <paramref name="path"/>, made now; or the path when no node is
        /// there (the request then fails as NOT_FOUND, naming it).
        /// </summary>
        static string FreshRef(CommandContext context, string path)
        {
            TreeNode node = context.Tree.Find(path);
            if (node == null)
                return path;
            AccessibleInfo info = node.Source.Accessibility ?? new AccessibleInfo();
            return "@" + context.Refs.Issue(node.Source, node.Path, info.Role, info.Name);
        }

        void Fail(JObject line, string command, string code, string error)
        {
            var failure = new JObject();
            if (line["n"] != null)
                failure["n"] = line["n"];
            failure["frame"] = line["f"];
            failure["cmd"] = command;
            failure["code"] = code;
            failure["error"] = error;
            Failures.Add(failure);
        }

        void Compare(JObject line, bool final)
        {
            var nodes = line["nodes"] as JObject;
            if (final && nodes != null && nodes.Count > 0)
                _recorded.Clear();
            if (nodes != null)
            {
                foreach (JProperty node in nodes.Properties())
                    _recorded[node.Name] = (string)node.Value;
            }
            var gone = line["gone"] as JArray;
            if (gone != null)
            {
                foreach (JToken path in gone)
                    _recorded.Remove((string)path);
            }
            var frame = (long)line["f"];
            string recorded = (string)line["digest"];
            if (recorded == null)
            {
                if (final)
                    Ended = Ending(frame, "", "", true);
                return;
            }
            Checks++;
            CommandContext context = _context();
            StateDigest now = StateDigest.Of(context.Tree.Root, context.Values, context.Engine.BridgeTarget, false, true);
            bool same = now.Digest == recorded;
            if (final)
                Ended = Ending(frame, recorded, now.Digest, same);
            if (same)
                return;
            Mismatches++;
            if (Divergence == null)
                Divergence = Explain(context, line, now);
            if (Check)
                Stopped = true;
        }

        static JObject Ending(long frame, string recorded, string replayed, bool same)
        {
            var ended = new JObject();
            ended["frame"] = frame;
            ended["recorded"] = recorded;
            ended["replayed"] = replayed;
            ended["same"] = same;
            return ended;
        }

        /// <summary>Where the game parted from the recording at this checkpoint.</summary>
        JObject Explain(CommandContext context, JObject line, StateDigest now)
        {
            var divergence = new JObject();
            divergence["frame"] = line["f"];
            divergence["recorded"] = line["digest"];
            divergence["replayed"] = now.Digest;
            divergence["recorded_count"] = line["count"] ?? 0;
            divergence["replayed_count"] = now.Count;
            foreach (string path in now.Order)
            {
                string recorded;
                if (!_recorded.TryGetValue(path, out recorded))
                {
                    divergence["node"] = path;
                    divergence["kind"] = "extra";
                    return divergence;
                }
                if (recorded != now.Fields[path])
                {
                    divergence["node"] = path;
                    divergence["kind"] = "changed";
                    AddField(context, divergence, path, recorded);
                    return divergence;
                }
            }
            foreach (string path in _recorded.Keys)
            {
                if (!now.Fields.ContainsKey(path))
                {
                    divergence["node"] = path;
                    divergence["kind"] = "missing";
                    return divergence;
                }
            }
            return divergence;
        }

        /// <summary>The first field of a node whose hash differs from the recorded hashes: its name and its value now.</summary>
        static void AddField(CommandContext context, JObject divergence, string path, string recorded)
        {
            List<KeyValuePair<string, JToken>> fields = StateDigest.FieldsOf(context.Tree.Find(path), context.Values);
            int width = StateDigest.FieldDigits;
            for (int i = 0; i < fields.Count; i++)
            {
                string mine = StateDigest.FieldHash(fields[i].Value);
                if (recorded.Length < (i + 1) * width || recorded.Substring(i * width, width) != mine)
                {
                    divergence["property"] = fields[i].Key;
                    divergence["value"] = fields[i].Value;
                    return;
                }
            }
            if (recorded.Length != fields.Count * width)
                divergence["property"] = "(its script fields)";
        }
    }
}
