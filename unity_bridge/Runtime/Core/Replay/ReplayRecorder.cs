using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using AgentBridgeUnity.Core.Commands;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Protocol;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Transport;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Replay
{
    /// <summary>
    /// Records a run as a replay file (docs/REPLAY.md): a header, then one line per thing that
    /// acted on the game, stamped with the session clock's frame, and the game's digest every N
    /// frames and at the end.
    /// <list type="bullet">
    /// <item>A bridge request that acts on the game is one <c>request</c> line, refs turned into
    /// the paths they named: run again at its frame it sends the same input and makes the same
    /// changes. The input the bridge itself sends is not recorded as <c>input</c> lines.</item>
    /// <item>A person's input is what the engine's <see cref="IInputCapture"/> hands over, one
    /// <c>input</c> line per event, stamped with the frame whose input update delivers it to the
    /// game (Unity: the Input System's update of that frame, after the bridge's frame start).</item>
    /// <item>The window's focus and size are <c>window</c> lines, looked at each frame start.</item>
    /// </list>
    /// </summary>
    internal sealed class ReplayRecorder
    {
        /// <summary>The replay file format this bridge writes.</summary>
        public const string Format = "agentbridge-replay/1";

        /// <summary>Requests that change nothing in the game (and those of recording and replay themselves).</summary>
        static readonly HashSet<string> NotRecorded = new HashSet<string>
        {
            "hello", "get_tree", "get_node", "get_property", "get_signals", "get_state", "list_actions", "snapshot",
            "screenshot", "get_events", "wait", "pause", "resume", "step", "step_until", "digest", "metrics", "measure",
            "measure_start", "measure_stop", "nearby", "raycast", "record_start", "record_stop", "replay", "cancel", "quit",
        };

        /// <summary>Action options that only shape the answer: left out of a recorded request.</summary>
        static readonly HashSet<string> AnswerOptions = new HashSet<string> { "settled", "snapshot", "timeout_ms" };

        /// <summary>The game events an annotated recording keeps (what codegen reads).</summary>
        static readonly HashSet<string> ControlEvents = new HashSet<string>
        {
            "pressed", "toggled", "text_changed", "text_submitted", "value_changed", "item_selected", "tab_changed",
            "id_pressed", "color_changed", "scene_changed",
        };

        /// <summary>Request ids remembered for cancel lines.</summary>
        const int MaxNumbered = 4096;

        readonly Dictionary<string, int> _numbers = new Dictionary<string, int>();
        Dictionary<string, string> _lastFields = new Dictionary<string, string>();
        Func<CommandContext> _context;
        /// <summary>The context of each frame start, refreshed instead of made anew every frame.</summary>
        CommandContext _frameContext;
        StreamWriter _file;
        IInputCapture _capture;
        bool _capturing;
        bool _begun;
        bool _focused;
        int _width;
        int _height;
        int _nextNumber = 1;
        int _beforeStart;
        JObject _end;

        /// <summary>The replay file.</summary>
        public string Path { get; private set; }

        public int Every { get; private set; }
        public bool Annotate { get; private set; }

        /// <summary>The frame the recording began on (its header's <c>start_frame</c>).</summary>
        public long StartFrame { get; private set; }

        public int Lines { get; private set; }
        public int Inputs { get; private set; }
        public int Requests { get; private set; }
        public bool Finished { get; private set; }

        /// <summary>
        /// Opens the file and starts listening; null, or why it cannot record. With
        /// <paramref name="atLaunch"/> the header and the first checkpoint wait for the first
        /// frame (the first scene is not loaded yet).
        /// </summary>
        /// <param name="context">Makes a context of the session whenever the recorder needs one.</param>
        /// <param name="path">The file to write.</param>
        /// <param name="every">Frames between checkpoints.</param>
        /// <param name="annotate">Also note the controls' events and the texts shown.</param>
        /// <param name="atLaunch">Recording from the game's first frame.</param>
        public string Start(Func<CommandContext> context, string path, int every, bool annotate, bool atLaunch)
        {
            try
            {
                PrivateFiles.Create(path);
                _file = new StreamWriter(new FileStream(path, FileMode.Truncate, FileAccess.Write, FileShare.Read),
                    new UTF8Encoding(false)) { NewLine = "\n" };
            }
            catch (Exception error)
            {
                return "cannot write " + path + " (" + error.Message + ")";
            }
            _context = context;
            Path = path;
            Every = every;
            Annotate = annotate;
            CommandContext now = context();
            _capture = now.Engine.Capture;
            _capturing = _capture != null && _capture.Start(OnInput);
            if (annotate)
                now.Events.Pushed += OnGameEvent;
            if (!atLaunch)
                Begin(now);
            return null;
        }

        /// <summary>
        /// Ends the recording: the end line (a digest with every node's field hashes, unless the
        /// game is going away), then the file is closed. Returns what record_stop answers.
        /// </summary>
        public JObject Finish(string reason)
        {
            if (Finished)
                return _end;
            Finished = true;
            CommandContext context = _context();
            if (_capturing)
                _capture.Stop();
            if (Annotate)
                context.Events.Pushed -= OnGameEvent;
            if (!_begun)
                Begin(context);
            var line = Line("end", context);
            line["reason"] = reason;
            if (reason != "exit")
                Checkpoint(context, line, true);
            if (_capture != null && _capture.Unrecorded > 0)
                line["unrecorded_inputs"] = _capture.Unrecorded;
            if (Annotate && reason != "exit")
                line["texts"] = VisibleTexts(context);
            Write(line);
            _file.Dispose();
            _end = new JObject();
            _end["path"] = Path;
            _end["frames"] = context.Clock.Frame - StartFrame;
            _end["lines"] = Lines;
            _end["inputs"] = Inputs;
            _end["requests"] = Requests;
            _end["bytes"] = new FileInfo(Path).Length;
            _end["frame"] = context.Clock.Frame;
            _end["digest"] = line["digest"] ?? "";
            return _end;
        }

        /// <summary>The start of a frame: the header at launch, the window, a checkpoint every N frames.</summary>
        public void FrameStarted()
        {
            // The session's parts never change; only the tree it caches must be seen anew.
            if (_frameContext == null)
                _frameContext = _context();
            else
                _frameContext.Refresh();
            CommandContext context = _frameContext;
            if (!_begun)
            {
                Begin(context);
                return;
            }
            LookAtWindow(context);
            if ((context.Clock.Frame - StartFrame) % Every == 0)
            {
                Write(Checkpoint(context, Line("check", context), false));
                _file.Flush();
            }
        }

        /// <summary>A request about to run, validated: a <c>request</c> line when it acts on the game.</summary>
        public void RequestStarted(JToken id, string command, JObject args)
        {
            CommandContext context = _context();
            if (command == "quit")
            {
                Finish("quit");
                return;
            }
            if (command == "cancel")
            {
                int number;
                if (_numbers.TryGetValue(WireJson.Serialize(args["id"]), out number))
                {
                    JObject cancel = Line("cancel", context);
                    cancel["n"] = number;
                    Write(cancel);
                }
                return;
            }
            if (NotRecorded.Contains(command))
                return;
            if (_numbers.Count >= MaxNumbered)
                _numbers.Clear();
            _numbers[WireJson.Serialize(id)] = _nextNumber;
            Requests++;
            JObject line = Line("request", context);
            line["n"] = _nextNumber;
            line["cmd"] = command;
            line["args"] = Portable(context, command, args);
            Write(line);
            _nextNumber++;
        }

        /// <summary>The header and the first checkpoint.</summary>
        void Begin(CommandContext context)
        {
            _begun = true;
            StartFrame = context.Clock.Frame;
            ISceneLoader scenes = context.Engine.Scenes;
            ITimeControl time = context.Engine.TimeControl;
            var header = new JObject();
            header["t"] = "header";
            header["format"] = Format;
            header["engine"] = context.Engine.EngineName;
            header["engine_version"] = context.Engine.EngineVersion;
            header["bridge"] = ProtocolInfo.BridgeVersion;
            header["protocol"] = ProtocolInfo.Version;
            header["project"] = context.Engine.GameName;
            header["project_path"] = context.Engine.ProjectPath ?? "";
            header["scene"] = scenes == null ? "" : scenes.ActiveScene ?? "";
            header["main_scene"] = scenes == null || scenes.BuildScenes.Count == 0 ? "" : scenes.BuildScenes[0];
            header["seed"] = context.Clock.Settings.Seed;
            header["fps"] = context.Clock.Settings.Fps;
            header["physics_ticks"] = time.PhysicsTicks;
            header["time_scale"] = time.TimeScale;
            header["time"] = context.Clock.Settings.Mode;
            _width = _capture == null ? 0 : _capture.WindowWidth;
            _height = _capture == null ? 0 : _capture.WindowHeight;
            _focused = _capture != null && _capture.Focused;
            header["window"] = new JArray(_width, _height);
            header["rendered"] = _capture != null && _capture.Rendered;
            header["input"] = _capture == null ? "none" : _capture.Source;
            header["start_frame"] = StartFrame;
            header["checkpoint_every"] = Every;
            header["annotated"] = Annotate;
            header["dropped_before_start"] = _beforeStart;
            header["recorded_at"] = DateTime.UtcNow.ToString("yyyy-MM-ddTHH:mm:ss", CultureInfo.InvariantCulture) + "Z";
            if (Annotate)
                header["texts"] = VisibleTexts(context);
            Write(header);
            Write(Checkpoint(context, Line("check", context), false));
            _file.Flush();
        }

        /// <summary>
        /// Adds to <paramref name="line"/> the digest and the field hashes of the nodes whose fields
        /// changed since the last checkpoint (every node's with <paramref name="everyNode"/>), and
        /// the paths of those that went.
        /// </summary>
        JObject Checkpoint(CommandContext context, JObject line, bool everyNode)
        {
            StateDigest taken = StateDigest.Of(context.Tree.Root, context.Values, context.Engine.BridgeTarget, false, true);
            var changed = new JObject();
            foreach (string path in taken.Order)
            {
                string last;
                if (everyNode || !_lastFields.TryGetValue(path, out last) || last != taken.Fields[path])
                    changed[path] = taken.Fields[path];
            }
            var gone = new JArray();
            foreach (string path in _lastFields.Keys)
            {
                if (!taken.Fields.ContainsKey(path))
                    gone.Add(path);
            }
            _lastFields = taken.Fields;
            line["digest"] = taken.Digest;
            line["count"] = taken.Count;
            line["nodes"] = changed;
            if (gone.Count > 0)
                line["gone"] = gone;
            return line;
        }

        /// <summary>The window's focus and size, written when they changed since the last look.</summary>
        void LookAtWindow(CommandContext context)
        {
            if (_capture == null)
                return;
            bool focused = _capture.Focused;
            if (focused != _focused)
            {
                JObject focus = Line("window", context);
                focus["event"] = focused ? "focus_in" : "focus_out";
                Write(focus);
                _focused = focused;
            }
            int width = _capture.WindowWidth;
            int height = _capture.WindowHeight;
            if (width != _width || height != _height)
            {
                JObject resized = Line("window", context);
                resized["event"] = "size";
                resized["size"] = new JArray(width, height);
                Write(resized);
                _width = width;
                _height = height;
            }
        }

        /// <summary>A person's input event, as the engine hands it to the game.</summary>
        void OnInput(JObject e)
        {
            if (Finished)
                return;
            CommandContext context = _context();
            if (!_begun)
            {
                _beforeStart++; // reached the game before the first frame: no replay can deliver it there
                return;
            }
            JObject line = Line("input", context);
            line["e"] = e;
            Inputs++;
            Write(line);
        }

        /// <summary>A control's event, in an annotated recording: its path, role and name too.</summary>
        void OnGameEvent(JObject item)
        {
            string type = (string)item["type"];
            if (Finished || !_begun || type == null || !ControlEvents.Contains(type))
                return;
            CommandContext context = _context();
            JObject line = Line("event", context);
            line["type"] = type;
            line["source"] = item["source"];
            line["args"] = item["args"];
            string source = (string)item["source"];
            TreeNode node = source != null && source.StartsWith(PathNames.RootPath, StringComparison.Ordinal)
                ? context.Tree.Find(source) : null;
            if (node != null)
            {
                AccessibleInfo info = node.Source.Accessibility ?? new AccessibleInfo();
                line["path"] = node.Path;
                line["role"] = info.Role;
                line["name"] = info.Name ?? "";
            }
            Write(line);
        }

        /// <summary>
        /// The arguments without what only shapes the answer or repeats a default, and with refs
        /// turned into what names the node again in another run: <c>{"path"}</c>.
        /// </summary>
        static JObject Portable(CommandContext context, string command, JObject args)
        {
            IBridgeCommand found = context.Commands.Find(command);
            var portable = new JObject();
            foreach (JProperty arg in args.Properties())
            {
                if (AnswerOptions.Contains(arg.Name))
                    continue;
                ArgSpec spec = found == null ? null : found.Schema.Find(arg.Name);
                if (spec != null && spec.Default != null && JToken.DeepEquals(spec.Default, arg.Value))
                    continue;
                portable[arg.Name] = arg.Value.DeepClone();
            }
            foreach (string key in new[] { "ref", "from", "to" })
            {
                string text = portable[key] != null && portable[key].Type == JTokenType.String ? (string)portable[key] : null;
                if (text != null && (key == "ref" || !text.StartsWith("/", StringComparison.Ordinal)))
                    portable[key] = PortableRef(context, text);
            }
            return portable;
        }

        /// <summary>A ref as the path of its node now (<c>{"path"}</c>), or as it was when it names none.</summary>
        static JToken PortableRef(CommandContext context, string reference)
        {
            try
            {
                return new JObject(new JProperty("path", context.Locator.FindRef(reference).Path));
            }
            catch (AgentBridgeException)
            {
                return reference; // stale or malformed: the replayed request fails the same way
            }
        }

        /// <summary>The texts a player sees: every visible label's and heading's accessible name.</summary>
        static JArray VisibleTexts(CommandContext context)
        {
            var texts = new JArray();
            var seen = new HashSet<string>();
            foreach (string text in ShownText.Labels(context.Tree))
            {
                if (seen.Add(text))
                    texts.Add(text);
            }
            return texts;
        }

        static JObject Line(string type, CommandContext context)
        {
            var line = new JObject();
            line["t"] = type;
            line["f"] = context.Clock.Frame;
            return line;
        }

        void Write(JObject line)
        {
            _file.Write(WireJson.Serialize(line));
            _file.Write('\n');
            Lines++;
        }
    }
}
