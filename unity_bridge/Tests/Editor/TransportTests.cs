using System;
using System.IO;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Transport;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>The file transport and envelope, end to end through the session files.</summary>
    [TestFixture]
    public class TransportTests
    {
        BridgeHarness _bridge;

        [TearDown]
        public void Stop()
        {
            if (_bridge != null)
                _bridge.Dispose();
            _bridge = null;
        }

        [Test]
        public void WritesBridgeJsonWhenReady()
        {
            _bridge = new BridgeHarness();
            var info = (JObject)StrictJsonParser.Parse(File.ReadAllText(Path.Combine(_bridge.Directory, "bridge.json")));
            Assert.AreEqual("agentbridge/1", (string)info["protocol"]);
            Assert.AreEqual("unity", (string)info["engine"]);
            Assert.AreEqual("Harness Game", (string)info["game"]);
            Assert.AreEqual(JTokenType.Integer, info["pid"].Type);
            Assert.IsNotNull(info["engine_version"]);
            Assert.AreEqual(0, (long)info["frame"]);
            Assert.IsTrue(JToken.DeepEquals(_bridge.Data("hello")["time"], info["time"]),
                "bridge.json has the clock hello describes: " + info["time"]);
            Assert.IsFalse(File.Exists(Path.Combine(_bridge.Directory, "bridge.json.tmp")));
        }

        [Test]
        public void ALeftoverCommandFileIsNotReplayed()
        {
            _bridge = new BridgeHarness(beforeStart: directory =>
            {
                Directory.CreateDirectory(directory);
                File.WriteAllText(Path.Combine(directory, "cmd.jsonl"), "{\"id\": 99, \"cmd\": \"hello\"}\n");
                File.WriteAllText(Path.Combine(directory, "bridge.json"), "{\"stale\": true}");
            });
            Assert.AreEqual(0, _bridge.Frames(3).Count);
            Assert.AreEqual(1, (int)_bridge.Send("hello")["id"]);
        }

        [Test]
        public void AnswersEveryLineInOrderAndCarriesOnAfterBadOnes()
        {
            _bridge = new BridgeHarness();
            _bridge.Append("{\"id\": 1, \"cmd\": \"hello\"}\nnot json\n[1]\n\n"
                + "{\"id\": \"s\", \"cmd\": \"nope\"}\r\n{\"id\": 5, \"cmd\": \"get_events\"}\n");
            var responses = _bridge.Until(5);
            Assert.AreEqual(1, (int)responses[0]["id"]);
            Assert.AreEqual(ErrorCodes.ParseError, (string)responses[1]["code"]);
            Assert.AreEqual(JTokenType.Null, responses[1]["id"].Type);
            Assert.AreEqual(ErrorCodes.InvalidRequest, (string)responses[2]["code"]);
            Assert.AreEqual(ErrorCodes.UnknownCommand, (string)responses[3]["code"]);
            Assert.AreEqual("s", (string)responses[3]["id"]);
            Assert.IsTrue((bool)responses[4]["ok"]);
        }

        [Test]
        public void AnIntegerBeyond64BitsIsRefusedWhereAnIntegerIsNeeded()
        {
            _bridge = new BridgeHarness();
            _bridge.Append("{\"id\": 1, \"cmd\": \"wait\", \"args\": {\"frames\": 123456789012345678901234567890}}\n");
            JObject response = _bridge.Until(1)[0];
            Assert.AreEqual(ErrorCodes.InvalidArgs, (string)response["code"]);
            StringAssert.Contains("'frames' must be an integer", (string)response["error"]);
            Assert.AreEqual(1, (int)response["id"]);
        }

        [Test]
        public void APartialLineIsAnsweredOnceComplete()
        {
            _bridge = new BridgeHarness();
            _bridge.Append("{\"id\": 1, \"cm");
            Assert.AreEqual(0, _bridge.Frames(3).Count);
            _bridge.Append("d\": \"hello\"}\n");
            Assert.IsTrue((bool)_bridge.Until(1)[0]["ok"]);
        }

        [Test]
        public void AWaitingCommandDoesNotHoldUpTheOnesAfterIt()
        {
            _bridge = new BridgeHarness();
            _bridge.Append("{\"id\": 1, \"cmd\": \"wait\", \"args\": {\"frames\": 3}}\n{\"id\": 2, \"cmd\": \"hello\"}\n");
            var first = _bridge.Frames(1);
            Assert.AreEqual(1, first.Count);
            Assert.AreEqual(2, (int)first[0]["id"]);
            Assert.AreEqual(0, _bridge.Frames(2).Count);
            var responses = _bridge.Frames(1);
            Assert.AreEqual(1, (int)responses[0]["id"]);
            Assert.AreEqual(3, (int)responses[0]["data"]["frames_waited"]);
        }

        [Test]
        public void CancelAnswersTheRunningRequestCancelledAndItsOwnAnswerIsNeverWritten()
        {
            _bridge = new BridgeHarness();
            _bridge.Append("{\"id\": \"long\", \"cmd\": \"wait\", \"args\": {\"frames\": 1000}}\n");
            Assert.AreEqual(0, _bridge.Frames(2).Count);
            _bridge.Append("{\"id\": 2, \"cmd\": \"cancel\", \"args\": {\"id\": \"long\"}}\n");
            var responses = _bridge.Frames(1);
            Assert.AreEqual(2, responses.Count);
            Assert.AreEqual("long", (string)responses[0]["id"]);
            Assert.AreEqual(ErrorCodes.Cancelled, (string)responses[0]["code"]);
            Assert.AreEqual(2, (int)responses[1]["id"]);
            Assert.AreEqual("long", (string)responses[1]["data"]["cancelled"]);
            Assert.AreEqual(0, _bridge.Frames(5).Count, "the wait never answers");
            StringAssert.Contains("No request with id \"long\" is running",
                _bridge.Failure(ErrorCodes.NotFound, "cancel", new { id = "long" }));
        }

        [Test]
        public void CancelFindsAnIntegerIdWrittenAsAWholeFloat()
        {
            _bridge = new BridgeHarness();
            _bridge.Append("{\"id\": 77, \"cmd\": \"wait\", \"args\": {\"settled\": true, \"quiet_frames\": 1000}}\n");
            _bridge.Frames(1);
            _bridge.Append("{\"id\": 78, \"cmd\": \"cancel\", \"args\": {\"id\": 77.0}}\n");
            var responses = _bridge.Frames(1);
            Assert.AreEqual(77, (int)responses[0]["id"]);
            Assert.AreEqual(JTokenType.Integer, responses[1]["data"]["cancelled"].Type);
            _bridge.Failure(ErrorCodes.NotFound, "cancel", new { id = new JArray(77) });
        }

        [Test]
        public void CancellingAStepLeavesTheGameHeld()
        {
            _bridge = new BridgeHarness();
            _bridge.Data("pause");
            _bridge.Append("{\"id\": \"s\", \"cmd\": \"step\", \"args\": {\"frames\": 500}}\n");
            _bridge.Frames(2);
            Assert.IsFalse(_bridge.Runtime.Holds, "stepping");
            _bridge.Append("{\"id\": 1, \"cmd\": \"cancel\", \"args\": {\"id\": \"s\"}}\n");
            Assert.AreEqual(ErrorCodes.Cancelled, (string)_bridge.Frames(1)[0]["code"]);
            Assert.IsTrue(_bridge.Runtime.Holds);
            long frames = _bridge.EngineFrames;
            Assert.AreEqual(0, _bridge.Frames(3).Count);
            Assert.AreEqual(frames, _bridge.EngineFrames, "no frame runs once the step is cancelled");
        }

        [Test]
        public void ResponsesGoOnInTheNextSegmentAndTheOneBeforeThePreviousIsDeleted()
        {
            _bridge = new BridgeHarness(segmentBytes: 2000);
            for (int i = 0; i < 40; i++)
                Assert.AreEqual(true, (bool)_bridge.Send("get_node", new { path = "/root/Conformance/Volume" })["ok"]);
            Assert.GreaterOrEqual(_bridge.SegmentsFollowed, 3);
            string[] left = Directory.GetFiles(_bridge.Directory, "resp*.jsonl");
            Assert.AreEqual(2, left.Length, String.Join(", ", left));
            Assert.IsFalse(File.Exists(Path.Combine(_bridge.Directory, "resp.jsonl")));
            string ended = File.ReadAllText(left[0].EndsWith(_bridge.Runtime.ResponsePath) ? left[1] : left[0]);
            StringAssert.EndsWith("{\"next\":\"" + Path.GetFileName(_bridge.Runtime.ResponsePath) + "\"}\n", ended);
        }

        [Test]
        public void ADeletedResponseFileIsMadeAgain()
        {
            _bridge = new BridgeHarness();
            _bridge.Send("hello");
            File.Delete(_bridge.Runtime.ResponsePath);
            _bridge.Append("{\"id\": 5, \"cmd\": \"hello\"}\n");
            _bridge.Frames(1);
            var lines = File.ReadAllLines(_bridge.Runtime.ResponsePath);
            Assert.AreEqual(1, lines.Length);
            StringAssert.StartsWith("{\"id\":5,", lines[0]);
        }

        [Test]
        public void SessionFilesArePrivateWhereFilesHaveModes()
        {
            if (!PrivateFiles.HasModes)
                Assert.Ignore("This platform has no file modes.");
            _bridge = new BridgeHarness();
            foreach (string name in new[] { "cmd.jsonl", "resp.jsonl", "bridge.json" })
                Assert.AreEqual("-rw-------", CommandReaderTests.Mode(Path.Combine(_bridge.Directory, name)), name);
        }

        [Test]
        public void AnAnswerThatCannotCarryItsLinesIdNamesTheLineByItsFirstBytes()
        {
            _bridge = new BridgeHarness();
            _bridge.Append("{\"id\": 3, \"cmd\": \"he\0llo\"}\r\nnot json\n[1]\n{\"id\": 4, \"cmd\": \"hello\"}\n"
                + "{\"id\": 5, \"cmd\": \"hel\n");
            var responses = _bridge.Until(5);
            Assert.AreEqual(3, (int)responses[0]["id"]);
            Assert.AreEqual(Hex("{\"id\": 3, \"cmd\": \"he\0llo\"}"), (string)responses[0]["head"], "no \\r");
            _bridge.Append("not json " + new string('x', 40) + "\n");
            Assert.AreEqual(64, ((string)_bridge.Until(1)[0]["head"]).Length, "32 bytes");
            Assert.AreEqual(Hex("not json"), (string)responses[1]["head"]);
            Assert.AreEqual(Hex("[1]"), (string)responses[2]["head"]);
            Assert.IsNull(responses[3]["head"], "an answer with its id needs no head");
            Assert.AreEqual(5, (int)responses[4]["id"], "a PARSE_ERROR keeps a complete id its start names");
            Assert.IsNull(responses[4]["head"], "it has its id");
        }

        static string Hex(string text)
        {
            return BitConverter.ToString(System.Text.Encoding.UTF8.GetBytes(text)).Replace("-", "").ToLowerInvariant();
        }

        [Test]
        public void NoResponseHoldsANumberJsonCannotRead()
        {
            var response = new JObject(new JProperty("nan", double.NaN), new JProperty("inf", double.PositiveInfinity));
            Assert.AreEqual("{\"nan\":\"NaN\",\"inf\":\"Infinity\"}", WireJson.Serialize(response));
        }

        [Test]
        public void EnvelopesCarryEventsAndTheFrame()
        {
            _bridge = new BridgeHarness();
            JObject response = _bridge.Send("press", new { path = "/root/Conformance/PlayButton" });
            Assert.AreEqual(_bridge.Runtime.Frame, (long)response["frame"]);
            JObject pressed = (JObject)response["events"][0];
            Assert.AreEqual("pressed", (string)pressed["type"]);
            Assert.AreEqual("/root/Conformance/PlayButton", (string)pressed["source"]);
            Assert.IsNull(response["dropped_events"]);
            Assert.AreEqual(0, ((JArray)_bridge.Send("hello")["events"]).Count);
        }

        [Test]
        public void IdsComeBackExactly()
        {
            _bridge = new BridgeHarness();
            _bridge.Append("{\"id\": 12345678901234, \"cmd\": \"hello\"}\n{\"id\": 3.0, \"cmd\": \"hello\"}\n"
                + "{\"id\": \"007\", \"cmd\": \"hello\"}\n");
            var responses = _bridge.Until(3);
            Assert.AreEqual(12345678901234L, (long)responses[0]["id"]);
            Assert.AreEqual(JTokenType.Integer, responses[1]["id"].Type);
            Assert.AreEqual("007", (string)responses[2]["id"]);
        }
    }
}
