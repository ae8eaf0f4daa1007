using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Transport;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// A running bridge over the synthetic engine in a temporary session directory, driven the
    /// way a client drives it: lines appended to cmd.jsonl, responses read from resp.jsonl. Its
    /// engine loop is a game's: the bridge's tick at the start of each frame, then the hold (while
    /// the game is held and no request needs frames the engine stays at that frame's start,
    /// answering requests), then the frame itself.
    /// </summary>
    internal sealed class BridgeHarness : IDisposable
    {
        const int MaxFrames = 2000;
        readonly ResponseFollower _responses;
        int _nextId = 1;
        bool _atFrameStart;

        /// <param name="scene">The synthetic scene to start in.</param>
        /// <param name="beforeStart">Runs with the session folder before the bridge starts.</param>
        /// <param name="segmentBytes">Bytes after which a response segment ends.</param>
        /// <param name="time">How game time runs (null: the default, lockstep at 60 fps, seed 0).</param>
        public BridgeHarness(string scene = SyntheticScenes.Conformance, Action<string> beforeStart = null,
            long segmentBytes = ResponseWriter.SegmentBytes, TimeSettings time = null)
        {
            AgentBridge.Registry.Clear();
            Directory = Path.Combine(Path.GetTempPath(), "agent-bridge-test-" + Guid.NewGuid().ToString("N"));
            if (beforeStart != null)
                beforeStart(Directory);
            Engine = new SyntheticEngine("Harness Game", scene);
            Runtime = BridgeRuntime.Start(Directory, Engine, AgentBridge.Registry, time, segmentBytes);
            _responses = new ResponseFollower(Runtime.Files.Directory);
        }

        /// <summary>Engine frames that ran (the frame counter of the synthetic engine).</summary>
        public long EngineFrames
        {
            get { return Engine.Frame; }
        }

        /// <summary>How many response segments the reader followed into.</summary>
        public int SegmentsFollowed
        {
            get { return _responses.SegmentsFollowed; }
        }

        public string Directory { get; private set; }
        public SyntheticEngine Engine { get; private set; }
        public BridgeRuntime Runtime { get; private set; }

        public string CommandsPath
        {
            get { return Runtime.CommandPath; }
        }

        /// <summary>Appends raw bytes to cmd.jsonl, as a client would.</summary>
        public void Append(string text)
        {
            using (var stream = new FileStream(CommandsPath, FileMode.Append, FileAccess.Write, FileShare.ReadWrite))
            {
                byte[] bytes = Encoding.UTF8.GetBytes(text);
                stream.Write(bytes, 0, bytes.Length);
            }
        }

        public void AppendBytes(byte[] bytes)
        {
            using (var stream = new FileStream(CommandsPath, FileMode.Append, FileAccess.Write, FileShare.ReadWrite))
                stream.Write(bytes, 0, bytes.Length);
        }

        /// <summary>
        /// Gives the engine <paramref name="count"/> turns and returns the response lines written
        /// meanwhile. A turn is one frame, or, while the game is held with nothing to advance for,
        /// one look at the command file with no frame run.
        /// </summary>
        public List<JObject> Frames(int count)
        {
            var responses = new List<JObject>();
            for (int i = 0; i < count; i++)
                Turn();
            responses.AddRange(_responses.ReadNew());
            return responses;
        }

        void Turn()
        {
            if (!_atFrameStart)
            {
                Runtime.Tick();
                _atFrameStart = true;
            }
            while (Runtime.Holds && Runtime.Poll())
            {
            }
            if (Runtime.Holds)
                return;
            Runtime.Hold(() => true); // returns at once, pacing the frames to come
            _atFrameStart = false;
            Engine.Advance();
        }

        /// <summary>Runs frames until <paramref name="count"/> responses arrived.</summary>
        public List<JObject> Until(int count)
        {
            var responses = new List<JObject>();
            for (int frame = 0; frame < MaxFrames && responses.Count < count; frame++)
                responses.AddRange(Frames(1));
            Assert.AreEqual(count, responses.Count, "responses received");
            return responses;
        }

        /// <summary>Sends one request and returns its whole response.</summary>
        public JObject Send(string command, object args = null)
        {
            var request = new JObject();
            request["id"] = _nextId++;
            request["cmd"] = command;
            if (args != null)
                request["args"] = args as JObject ?? JObject.FromObject(args);
            Append(WireJson.Serialize(request) + "\n");
            JObject response = Until(1)[0];
            Assert.AreEqual((int)request["id"], (int)response["id"], "response id");
            return response;
        }

        /// <summary>Sends one request that must succeed and returns its data.</summary>
        public JToken Data(string command, object args = null)
        {
            JObject response = Send(command, args);
            Assert.IsTrue((bool)response["ok"], "expected ok, got: " + response);
            return response["data"];
        }

        /// <summary>
        /// Sends one request that must fail with <paramref name="code"/>; returns the sentence.
        /// </summary>
        public string Failure(string code, string command, object args = null)
        {
            JObject response = Send(command, args);
            Assert.IsFalse((bool)response["ok"], "expected a failure, got: " + response);
            Assert.AreEqual(code, (string)response["code"], (string)response["error"]);
            return (string)response["error"];
        }

        /// <summary>The first top-level node named <paramref name="name"/> in a loaded synthetic scene.</summary>
        public SyntheticNode SceneChild(string name)
        {
            foreach (SyntheticNode scene in Engine.Root.ChildNodes)
            {
                foreach (SyntheticNode node in scene.ChildNodes)
                {
                    if (node.Name == name)
                        return node;
                }
            }
            throw new AssertionException("No scene has a top-level node named " + name + ".");
        }

        public void Dispose()
        {
            Runtime.Dispose();
            AgentBridge.Registry.Clear();
            try
            {
                System.IO.Directory.Delete(Directory, true);
            }
            catch (IOException)
            {
            }
        }
    }
}
