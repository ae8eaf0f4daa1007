using System.IO;
using AgentBridgeUnity.Core.Json;
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
            Assert.IsNotNull(info["frame"]);
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
        public void AWaitingCommandHoldsBackTheOnesBehindIt()
        {
            _bridge = new BridgeHarness();
            _bridge.Append("{\"id\": 1, \"cmd\": \"wait\", \"args\": {\"frames\": 3}}\n{\"id\": 2, \"cmd\": \"hello\"}\n");
            Assert.AreEqual(0, _bridge.Frames(3).Count);
            var responses = _bridge.Frames(1);
            Assert.AreEqual(2, responses.Count);
            Assert.AreEqual(3, (int)responses[0]["data"]["frames_waited"]);
            Assert.AreEqual(2, (int)responses[1]["id"]);
        }

        [Test]
        public void EnvelopesCarryEventsAndTheFrame()
        {
            _bridge = new BridgeHarness();
            JObject response = _bridge.Send("press", new { path = "/root/Conformance/PlayButton" });
            Assert.AreEqual(_bridge.Engine.Frame, (long)response["frame"]);
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
