using System;
using System.Collections.Generic;
using System.Diagnostics;
using AgentBridgeUnity.Core.Commands;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Members;
using AgentBridgeUnity.Core.Protocol;
using AgentBridgeUnity.Core.Snapshot;
using AgentBridgeUnity.Core.Transport;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// A running bridge: reads new complete request lines once per frame (<see cref="Tick"/>),
    /// answers them in order with one response line each, and carries the queued events on every
    /// response. A command that answers later (wait, change_scene, screenshot) holds back the
    /// requests behind it so responses keep the order of requests.
    /// </summary>
    internal sealed class BridgeRuntime : IDisposable
    {
        readonly IEngineHost _engine;
        readonly BridgeRegistry _registry;
        readonly SessionFiles _files;
        readonly JsonLineReader _reader;
        readonly JsonLineWriter _writer;
        readonly EventQueue _events = new EventQueue(ProtocolInfo.EventQueueCapacity);
        readonly RefRegistry _refs = new RefRegistry();
        readonly CommandTable _commands;
        readonly Queue<QueuedRequest> _queue = new Queue<QueuedRequest>();
        long _ticks;

        BridgeRuntime(IEngineHost engine, BridgeRegistry registry, SessionFiles files)
        {
            _engine = engine;
            _registry = registry;
            _files = files;
            _reader = JsonLineReader.AtEnd(files.Commands);
            _writer = new JsonLineWriter(files.Responses);
            _commands = new CommandTable(BuiltinCommands.Create(), registry);
        }

        /// <summary>Runs before every command (agent mode completes tweens here).</summary>
        public event Action BeforeCommand;

        /// <summary>The tick of the last request line read, for frame pacing.</summary>
        public long LastRequestTick { get; private set; }

        public long Ticks
        {
            get { return _ticks; }
        }

        /// <summary>True while requests are queued or a command is still answering.</summary>
        public bool Busy
        {
            get { return _queue.Count > 0; }
        }

        /// <summary>Opens the session files, hooks the event sink and writes bridge.json.</summary>
        public static BridgeRuntime Start(string sessionDirectory, IEngineHost engine, BridgeRegistry registry)
        {
            var files = new SessionFiles(sessionDirectory);
            files.Prepare();
            var runtime = new BridgeRuntime(engine, registry, files);
            registry.AgentMode = true;
            registry.EventSink = runtime.Emit;
            ReadyFile.Write(files, runtime.ReadyInfo());
            return runtime;
        }

        public SessionFiles Files
        {
            get { return _files; }
        }

        JObject ReadyInfo()
        {
            var info = new JObject();
            info["protocol"] = ProtocolInfo.Version;
            info["engine"] = _engine.EngineName;
            info["engine_version"] = _engine.EngineVersion;
            info["pid"] = Process.GetCurrentProcess().Id;
            info["game"] = _engine.GameName;
            info["frame"] = _engine.Frame;
            return info;
        }

        /// <summary>Queues an event from the game or an engine hook; values become wire JSON.</summary>
        public void Emit(string type, string source, object[] args)
        {
            var wireArgs = new JArray();
            CommandContext context = NewContext();
            foreach (object arg in args ?? new object[0])
                wireArgs.Add(context.Values.ToWire(arg));
            _events.Push(type, source, wireArgs, _engine.Frame);
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
        /// One frame: read new lines, then answer queued requests in order until one must wait.
        /// </summary>
        public void Tick()
        {
            _ticks++;
            foreach (RawLine line in _reader.ReadNewLines())
            {
                _queue.Enqueue(new QueuedRequest(line));
                LastRequestTick = _ticks;
            }
            while (_queue.Count > 0 && Advance(_queue.Peek()))
                _queue.Dequeue();
        }

        /// <summary>True when the request is answered; false when it waits for a later frame.</summary>
        bool Advance(QueuedRequest item)
        {
            if (!item.Started)
                return Start(item);
            if (_ticks == item.StartedTick)
                return false;
            JToken data;
            try
            {
                if (!item.Reply.Pending.TryFinish(NewContext(), out data))
                    return false;
            }
            catch (Exception error)
            {
                WriteFailure(item.Parsed.Id, error, item.Parsed.Request.Command);
                return true;
            }
            WriteSuccess(item.Parsed.Id, data);
            RunAfter(item.Reply);
            return true;
        }

        bool Start(QueuedRequest item)
        {
            item.Parsed = RequestParser.Parse(item.Line);
            item.StartedTick = _ticks;
            if (item.Parsed.Error != null)
            {
                WriteFailure(item.Parsed.Id, item.Parsed.Error, null);
                return true;
            }
            Request request = item.Parsed.Request;
            CommandReply reply;
            try
            {
                Action before = BeforeCommand;
                if (before != null)
                    before();
                IBridgeCommand command = _commands.Require(request.Command);
                JObject args = ArgsValidator.Validate(command.Name, command.Schema, request.Args);
                reply = command.Execute(NewContext(), args);
            }
            catch (Exception error)
            {
                WriteFailure(request.Id, error, request.Command);
                return true;
            }
            if (reply.Pending != null)
            {
                item.Reply = reply;
                return false;
            }
            WriteSuccess(request.Id, reply.Data);
            RunAfter(reply);
            return true;
        }

        CommandContext NewContext()
        {
            return new CommandContext(_engine, _registry, _commands, _events, _refs, _files);
        }

        void WriteSuccess(JToken id, JToken data)
        {
            EventBatch batch = _events.Drain();
            _writer.WriteLine(WireJson.Serialize(Envelope.Success(id, data, batch.Events, batch.Dropped, _engine.Frame)));
        }

        void WriteFailure(JToken id, Exception error, string command)
        {
            AgentBridgeException failure = Failures.From(error, "The command " + (command ?? "?"));
            if (failure.Code == ErrorCode.Internal)
                _engine.Log("AgentBridge: " + failure.Message + "\n" + error);
            EventBatch batch = _events.Drain();
            _writer.WriteLine(WireJson.Serialize(Envelope.Failure(id, failure, batch.Events, batch.Dropped, _engine.Frame)));
        }

        static void RunAfter(CommandReply reply)
        {
            if (reply.AfterResponse != null)
                reply.AfterResponse();
        }

        public void Dispose()
        {
            if (_registry.EventSink == (Action<string, string, object[]>)Emit)
                _registry.EventSink = null;
            _registry.AgentMode = false;
            _writer.Dispose();
        }
    }
}
