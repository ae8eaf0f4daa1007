using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;
using AgentBridgeUnity.Core.Commands;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Members;
using AgentBridgeUnity.Core.Protocol;
using AgentBridgeUnity.Core.Replay;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Snapshot;
using AgentBridgeUnity.Core.Transport;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// A running bridge: reads new complete request lines once per frame (<see cref="Tick"/>) and
    /// starts them in order. Each request runs on its own: one that answers in a later frame
    /// (wait, step, change_scene, an action with settled) does not hold up the answers to the
    /// lines after it, and a <c>cancel</c> request stops it with CANCELLED. Every response
    /// carries the events queued since the previous one.
    /// <para>
    /// The engine calls <see cref="Tick"/> at the start of every frame, then <see cref="Hold"/>,
    /// then runs the frame. While the game is held (lockstep, or after pause) and no request needs
    /// frames, Hold does not return: it keeps answering the requests that need none, and returns
    /// as soon as one needs frames (a wait, a step, an action's settling, input on its way), so
    /// game time advances only for requests.
    /// </para>
    /// </summary>
    internal sealed class BridgeRuntime : IDisposable, IRequestControl
    {
        readonly IEngineHost _engine;
        readonly BridgeRegistry _registry;
        readonly SessionFiles _files;
        readonly StaleFiles _stale = new StaleFiles();
        readonly CommandReader _reader;
        readonly ResponseWriter _writer;
        readonly EventQueue _events = new EventQueue(ProtocolInfo.EventQueueCapacity);
        readonly RefRegistry _refs = new RefRegistry();
        readonly TreeVersion _versions = new TreeVersion();
        readonly CommandTable _commands;
        readonly List<RunningRequest> _running = new List<RunningRequest>();
        /// <summary>The running requests as a tick began, reused so a frame allocates no copy.</summary>
        readonly List<RunningRequest> _advancing = new List<RunningRequest>();
        readonly ReplayState _replays = new ReplayState();
        long _ticks;
        bool _quitting;
        bool? _pacedRealTime;

        BridgeRuntime(IEngineHost engine, BridgeRegistry registry, SessionFiles files, TimeSettings time, long segmentBytes)
        {
            _engine = engine;
            _registry = registry;
            _files = files;
            _reader = new CommandReader(files.Directory, files.Commands, _stale, engine.Log);
            _writer = new ResponseWriter(files.Directory, segmentBytes, _stale, engine.Log);
            _commands = new CommandTable(BuiltinCommands.Create(), registry);
            Clock = new GameClock(time, engine);
        }

        /// <summary>Runs before every command (agent mode completes tweens here).</summary>
        public event Action BeforeCommand;

        /// <summary>The session's game time: mode, frame rate, seed, held, frame numbers.</summary>
        public GameClock Clock { get; private set; }

        /// <summary>The session's frame: frames advanced since the first frame the bridge saw.</summary>
        public long Frame
        {
            get { return Clock.Frame; }
        }

        /// <summary>
        /// True while the engine must not run its next frame: the game is held, no request needs
        /// frames and the session is not ending.
        /// </summary>
        public bool Holds
        {
            get { return Clock.Held && _running.Count == 0 && !_quitting; }
        }

        /// <summary>
        /// Opens the session files, hooks the event sink, fixes the frame rate, seeds the engine's
        /// random generator and writes bridge.json.
        /// </summary>
        /// <param name="sessionDirectory">The session folder.</param>
        /// <param name="engine">The engine the bridge runs in.</param>
        /// <param name="registry">What the game registered.</param>
        /// <param name="time">How game time runs (null: lockstep at 60 fps, seed 0).</param>
        /// <param name="segmentBytes">Bytes after which a response segment ends (tests make it small).</param>
        public static BridgeRuntime Start(string sessionDirectory, IEngineHost engine, BridgeRegistry registry,
            TimeSettings time = null, long segmentBytes = ResponseWriter.SegmentBytes)
        {
            var files = new SessionFiles(sessionDirectory);
            files.Prepare();
            time = time ?? new TimeSettings();
            var runtime = new BridgeRuntime(engine, registry, files, time, segmentBytes);
            engine.TimeControl.FixFrameRate(time.Fps);
            engine.TimeControl.Seed(time.Seed);
            runtime.Pace();
            registry.AgentMode = true;
            registry.EventSink = runtime.Emit;
            ReadyFile.Write(files, runtime.ReadyInfo());
            return runtime;
        }

        public SessionFiles Files
        {
            get { return _files; }
        }

        /// <summary>The response segment written now.</summary>
        public string ResponsePath
        {
            get { return _writer.CurrentPath; }
        }

        /// <summary>The command segment read now.</summary>
        public string CommandPath
        {
            get { return _reader.CurrentPath; }
        }

        JObject ReadyInfo()
        {
            var info = new JObject();
            info["protocol"] = ProtocolInfo.Version;
            info["engine"] = _engine.EngineName;
            info["engine_version"] = _engine.EngineVersion;
            info["pid"] = Process.GetCurrentProcess().Id;
            info["game"] = _engine.GameName;
            info["frame"] = Frame;
            info["time"] = Clock.Describe();
            return info;
        }

        /// <summary>Queues an event from the game or an engine hook; values become wire JSON.</summary>
        public void Emit(string type, string source, object[] args)
        {
            var wireArgs = new JArray();
            CommandContext context = NewContext();
            foreach (object arg in args ?? new object[0])
                wireArgs.Add(context.Values.ToWire(arg));
            _events.Push(type, source, wireArgs, Frame);
        }

        /// <summary>
        /// The path of the node whose engine object is <paramref name="target"/> right now, or
        /// null.
        /// </summary>
        public string PathOf(object target)
        {
            return NewContext().Tree.PathOf(target);
        }

        /// <summary>
        /// The start of one frame: the running requests that can answer do (in the order they
        /// started), then a recording or a replay takes the frame (a checkpoint, the frame's
        /// replayed lines) and the replay answers when it reached its frame, then the new lines
        /// are started in order.
        /// </summary>
        public void Tick()
        {
            _ticks++;
            Clock.SawFrame();
            AdvanceRunning(false);
            _replays.FrameStarted();
            AdvanceRunning(true);
            Poll();
        }

        /// <summary>
        /// Records from the first frame on (<c>--agent-record</c>): the header and the first
        /// checkpoint are written at that frame. Logs why when it cannot.
        /// </summary>
        public void RecordAtLaunch()
        {
            string problem = _replays.StartRecording(NewContext, _files.Artifacts, ReplayState.DefaultEvery, false, true);
            if (problem != null)
                _engine.Log("AgentBridge: --agent-record: " + problem + ".");
        }

        /// <summary>
        /// Blocks the frame while <see cref="Holds"/>: looks at the command file again and again
        /// (<see cref="GameClock.HoldSleepMs"/>), answering what needs no frames, and returns once a request
        /// needs frames, the game is resumed, the session ends or <paramref name="leave"/> says so
        /// (the client process is gone). Then paces the frames to come.
        /// </summary>
        public void Hold(Func<bool> leave)
        {
            while (Holds && !leave())
            {
                Thread.Sleep(Clock.HoldSleepMs());
                Poll();
            }
            Pace();
        }

        /// <summary>
        /// One look at the command file without advancing the running requests (a held game's frame
        /// does not move): the new lines are started in order; true when there were any.
        /// </summary>
        public bool Poll()
        {
            if (_stale.Count > 0)
                _stale.DeleteNow();
            List<RawLine> lines = _reader.ReadNewLines();
            if (lines.Count > 0)
                Clock.NoteActivity();
            foreach (RawLine line in lines)
            {
                if (_quitting)
                    break;
                Start(line);
            }
            return lines.Count > 0;
        }

        /// <summary>Frames at the fixed rate while the game runs on its own, flat out while it advances for requests.</summary>
        void Pace()
        {
            bool realTime = !Clock.Held;
            if (_pacedRealTime == realTime)
                return;
            _engine.TimeControl.Pace(realTime);
            _pacedRealTime = realTime;
        }

        /// <summary>
        /// Asks the running requests that started before this tick whether they are done: those
        /// asked after the frame-start hooks (<see cref="IFrameStartReply"/>) with
        /// <paramref name="afterFrameStart"/>, the others without.
        /// </summary>
        void AdvanceRunning(bool afterFrameStart)
        {
            if (_running.Count == 0)
                return;
            // A request that answers leaves _running while it is walked: walk a copy.
            _advancing.AddRange(_running);
            try
            {
                foreach (RunningRequest request in _advancing)
                    Advance(request, afterFrameStart);
            }
            finally
            {
                _advancing.Clear();
            }
        }

        /// <summary>Answers <paramref name="request"/> when it is its turn and it is done.</summary>
        void Advance(RunningRequest request, bool afterFrameStart)
        {
            if (request.StartedTick == _ticks || !_running.Contains(request)
                || (request.Reply.Pending is IFrameStartReply) != afterFrameStart)
                return;
            JToken data;
            try
            {
                if (!request.Reply.Pending.TryFinish(NewContext(), out data))
                    return;
            }
            catch (Exception error)
            {
                _running.Remove(request);
                Fail(request.Id, error, request.Command, request.Quiet);
                return;
            }
            _running.Remove(request);
            if (request.Quiet == null)
                WriteSuccess(request.Id, data);
            RunAfter(request.Reply);
        }

        void Start(RawLine line)
        {
            ParsedLine parsed = RequestParser.Parse(line);
            if (parsed.Error != null)
            {
                bool unnamed = line.Refusal != null || parsed.Id == null || parsed.Id.Type == JTokenType.Null;
                WriteFailure(parsed.Id, parsed.Error, null, unnamed ? line.Head : null);
                return;
            }
            Request request = parsed.Request;
            Begin(request.Id, request.Command, request.Args, null);
        }

        /// <summary>See <see cref="IRequestControl.Run"/>.</summary>
        public bool Run(JToken id, string command, JObject args, Action<AgentBridgeException> failed)
        {
            return Begin(id, command, args, failed);
        }

        /// <summary>
        /// Validates and runs one request: a client's (<paramref name="quiet"/> null: its answer is
        /// written, and a recording sees it first) or a replayed one (its failure goes to
        /// <paramref name="quiet"/>). False when it did not get past validation.
        /// </summary>
        bool Begin(JToken id, string name, JObject rawArgs, Action<AgentBridgeException> quiet)
        {
            CommandReply reply;
            bool validated = false;
            try
            {
                Action before = BeforeCommand;
                if (before != null)
                    before();
                IBridgeCommand command = _commands.Require(name);
                JObject args = ArgsValidator.Validate(command.Name, command.Schema, rawArgs);
                validated = true;
                if (quiet == null)
                    _replays.RequestStarted(id, command.Name, args);
                reply = command.Execute(NewContext(), args);
            }
            catch (Exception error)
            {
                Fail(id, error, name, quiet);
                return validated;
            }
            if (reply.Pending != null)
            {
                _running.Add(new RunningRequest(id, name, reply, _ticks, quiet));
                return true;
            }
            if (quiet == null)
                WriteSuccess(id, reply.Data);
            RunAfter(reply);
            return true;
        }

        /// <summary>Answers a failure, or hands a replayed request's failure to <paramref name="quiet"/>.</summary>
        void Fail(JToken id, Exception error, string command, Action<AgentBridgeException> quiet)
        {
            if (quiet == null)
            {
                WriteFailure(id, error, command);
                return;
            }
            AgentBridgeException failure = Failures.From(error, "The command " + command);
            if (failure.Code == ErrorCode.Internal)
                _engine.Log("AgentBridge: " + failure.Message + "\n" + error);
            if (failure.Code != ErrorCode.Cancelled)
                quiet(failure);
        }

        /// <summary>See <see cref="IRequestControl.Cancel"/>; the request started last wins when ids repeat.</summary>
        public bool Cancel(JToken id)
        {
            for (int i = _running.Count - 1; i >= 0; i--)
            {
                RunningRequest request = _running[i];
                if (!JToken.DeepEquals(request.Id, id))
                    continue;
                _running.RemoveAt(i);
                var cancellable = request.Reply.Pending as ICancellableReply;
                if (cancellable != null)
                    cancellable.Cancel(NewContext());
                Fail(request.Id, new RequestCancelledException("Cancelled by a cancel request."), request.Command, request.Quiet);
                return true;
            }
            return false;
        }

        CommandContext NewContext()
        {
            return new CommandContext(_engine, _registry, _commands, _events, _refs, _files)
            {
                Versions = _versions,
                Requests = this,
                Clock = Clock,
                Replays = _replays,
                NewContext = NewContext,
            };
        }

        void WriteSuccess(JToken id, JToken data)
        {
            Send(id, data, null);
        }

        /// <summary>Answers a failure; <c>head</c>: the first bytes (hex) of a line the bridge could not read, or null.</summary>
        void WriteFailure(JToken id, Exception error, string command, string head = null)
        {
            AgentBridgeException failure = Failures.From(error, "The command " + (command ?? "?"));
            if (failure.Code == ErrorCode.Internal)
                _engine.Log("AgentBridge: " + failure.Message + "\n" + error);
            Send(id, null, failure, head);
        }

        /// <summary>Writes one response line; a failed write becomes an engine_error event.</summary>
        void Send(JToken id, JToken data, AgentBridgeException failure, string head = null)
        {
            EventBatch batch = _events.Drain();
            JObject response = failure == null
                ? Envelope.Success(id, data, batch.Events, batch.Dropped, Frame)
                : Envelope.Failure(id, failure, batch.Events, batch.Dropped, Frame, head);
            Clock.NoteActivity();
            string problem = _writer.WriteLine(WireJson.Serialize(response));
            if (problem == null)
                return;
            _engine.Log(problem);
            _events.Push(EventNames.EngineError, PathNames.RootPath, new JArray("error", problem, _writer.CurrentPath), Frame);
        }

        void RunAfter(CommandReply reply)
        {
            if (reply.EndsSession)
                _quitting = true;
            if (reply.AfterResponse != null)
                reply.AfterResponse();
        }

        public void Dispose()
        {
            _replays.Close();
            if (_registry.EventSink == (Action<string, string, object[]>)Emit)
                _registry.EventSink = null;
            _registry.AgentMode = false;
            _writer.Dispose();
        }
    }
}
