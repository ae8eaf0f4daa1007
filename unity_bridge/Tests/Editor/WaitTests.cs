using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// wait on the synthetic Lab scene: frames, settled, an event, a node or a text; a held game
    /// advances for it, and timeout_ms counts game time in lockstep and wall time in realtime.
    /// </summary>
    [TestFixture]
    public class WaitTests : BridgeFixture
    {
        const string Spinner = "/root/Lab/Spinner";

        public WaitTests() : base(SyntheticScenes.Lab)
        {
        }

        SynMover Mover
        {
            get { return (SynMover)Bridge.SceneChild("Spinner").Control; }
        }

        [Test]
        public void WaitingForFramesAdvancesAHeldGameThenHoldsItAgain()
        {
            JToken data = Bridge.Data("wait", new { frames = 10 });
            Assert.AreEqual(10, (int)data["frames_waited"]);
            Assert.AreEqual(10, (long)data["frame"]);
            Assert.AreEqual(10, Bridge.EngineFrames);
            Bridge.Frames(30);
            Assert.AreEqual(10, Bridge.EngineFrames);
        }

        [Test]
        public void TheTimeoutIsGameTimeInLockstep()
        {
            string sentence = Bridge.Failure(ErrorCodes.Timeout, "wait", new { node = "/root/Lab/Nope", timeout_ms = 100 });
            StringAssert.Contains("the node /root/Lab/Nope to be there", sentence);
            StringAssert.Contains("100 game ms (6 frames)", sentence);
            Assert.AreEqual(6, Bridge.EngineFrames, "ceil(100 ms * 60 / 1000) frames, however long they took");
        }

        [Test]
        public void WaitingForFramesRunsThemAllWhateverTheTimeout()
        {
            JToken data = Bridge.Data("wait", new { frames = 10, timeout_ms = 50 });
            Assert.AreEqual(10, (int)data["frames_waited"], "50 game ms are 3 frames; frames always runs exactly that many");
            Assert.AreEqual(10, (long)data["frame"]);
            Assert.AreEqual(10, Bridge.EngineFrames);
            Assert.AreEqual(5, (int)Bridge.Data("wait", new { frames = 5, timeout_ms = 0 })["frames_waited"]);
            Restart(new TimeSettings(TimeSettings.Realtime));
            Assert.AreEqual(4, (int)Bridge.Data("wait", new { frames = 4, timeout_ms = 0 })["frames_waited"],
                "nor wall time in realtime");
        }

        [Test]
        public void TheTimeoutIsWallTimeInRealtime()
        {
            Restart(new TimeSettings(TimeSettings.Realtime));
            string sentence = Bridge.Failure(ErrorCodes.Timeout, "wait", new { node = "/root/Lab/Nope", timeout_ms = 1 });
            StringAssert.Contains("within 1 ms", sentence);
            StringAssert.DoesNotContain("game ms", sentence);
        }

        [Test]
        public void AnEventStopsTheWaitOnItsFrameAndRidesOnTheAnswer()
        {
            Mover.framesLeft = 5;
            JObject response = Bridge.Send("wait", new { @event = SynMover.FinishedEvent });
            Assert.AreEqual(5, (int)response["data"]["frames_waited"]);
            Assert.AreEqual(5, (long)response["data"]["frame"]);
            Assert.AreEqual(SynMover.FinishedEvent, (string)response["events"][0]["type"]);
        }

        [Test]
        public void AfterNamesTheSeqAnEventMustComeAfter()
        {
            Mover.framesLeft = 2;
            JObject first = Bridge.Send("wait", new { @event = SynMover.FinishedEvent });
            long seq = (long)first["events"][0]["seq"];
            Assert.AreEqual(0, (int)Bridge.Data("wait", new { @event = SynMover.FinishedEvent, after = seq - 1 })["frames_waited"],
                "an event already queued after that seq meets the wait at once");
            Mover.framesLeft = 3;
            Assert.AreEqual(3, (int)Bridge.Data("wait", new { @event = SynMover.FinishedEvent, after = seq })["frames_waited"]);
        }

        [Test]
        public void NodesPropertiesAndTextsAreCheckedAfterEveryFrame()
        {
            Mover.framesLeft = 5;
            Assert.AreEqual(3, (int)Bridge.Data("wait",
                new { node = Spinner, property = "position:x", op = ">=", value = 3 })["frames_waited"]);
            Assert.AreEqual(0, (int)Bridge.Data("wait", new { node = Spinner })["frames_waited"], "already there");
            Assert.AreEqual(0, (int)Bridge.Data("wait", new { node = "/root/Lab/Nope", present = false })["frames_waited"]);
            Assert.AreEqual(0, (int)Bridge.Data("wait", new { text = "deep text" })["frames_waited"]);
            Assert.AreEqual(2, (int)Bridge.Data("wait", new { node = Spinner, property = "playing", value = false })["frames_waited"]);
        }

        [Test]
        public void SettledAnswersTheFramesAndTheFrame()
        {
            Mover.framesLeft = 3;
            JToken data = Bridge.Data("wait", new { settled = true, quiet_frames = 2 });
            Assert.That((int)data["frames_waited"], Is.GreaterThanOrEqualTo(4));
            Assert.AreEqual(Bridge.Runtime.Frame, (long)data["frame"]);
        }

        [Test]
        public void UnknownOrContradictoryArgumentsChangeNothing()
        {
            Mover.framesLeft = 5;
            object[] bad =
            {
                new { },
                new { frames = 2, @event = "x" },
                new { settled = true, text = "x" },
                new { @event = "x", node = Spinner },
                new { frames = 2, after = 3 },
                new { frames = 2, property = "playing" },
                new { text = "x", value = 1 },
                new { node = Spinner, value = 1 },
                new { node = Spinner, property = "playing" },
                new { node = Spinner, op = "~" },
                new { @event = "x", after = -1 },
                new { frames = 2, fps = 30 },
            };
            foreach (object args in bad)
                Bridge.Failure(ErrorCodes.InvalidArgs, "wait", args);
            StringAssert.Contains("exactly one of frames, settled: true, event, node or text",
                Bridge.Failure(ErrorCodes.InvalidArgs, "wait"));
            Assert.AreEqual(0, Bridge.EngineFrames, "no frame ran");
            Assert.AreEqual(5, Mover.framesLeft);
        }

        [Test]
        public void ArgumentsWithGodotsDefaultsAreAcceptedAsGodotAcceptsThem()
        {
            Mover.framesLeft = 2;
            Assert.AreEqual(2, (int)Bridge.Data("wait",
                new { node = Spinner, present = true, property = "playing", op = "==", value = false })["frames_waited"],
                "clients send present with every node condition; with property it is ignored");
            Assert.AreEqual(0, (int)Bridge.Data("wait",
                new { node = Spinner, present = false, property = "playing", value = false })["frames_waited"]);
            Assert.AreEqual(1, (int)Bridge.Data("wait", new { frames = 1, quiet_frames = 3 })["frames_waited"],
                "quiet_frames has a default, so it may come with any wait");
            Assert.AreEqual(0, (int)Bridge.Data("wait", new { text = "deep text", present = true, op = ">" })["frames_waited"]);
            JObject schema = null;
            foreach (JToken command in (JArray)Bridge.Data("hello", new { schemas = true })["commands"])
            {
                if ((string)command["name"] == "wait")
                    schema = (JObject)command["args_schema"];
            }
            Assert.IsNotNull(schema, "hello lists wait");
            Assert.AreEqual(2, (int)schema["properties"]["quiet_frames"]["default"]);
            Assert.AreEqual(true, (bool)schema["properties"]["present"]["default"]);
            Assert.AreEqual("==", (string)schema["properties"]["op"]["default"]);
        }

        [Test]
        public void AWaitDoesNotHoldUpTheRequestsAfterIt()
        {
            Bridge.Append("{\"id\": \"w\", \"cmd\": \"wait\", \"args\": {\"frames\": 50}}\n{\"id\": \"h\", \"cmd\": \"hello\"}\n");
            var responses = Bridge.Until(2);
            Assert.AreEqual("h", (string)responses[0]["id"]);
            Assert.AreEqual(0, (long)responses[0]["frame"]);
            Assert.AreEqual("w", (string)responses[1]["id"]);
            Assert.AreEqual(50, (long)responses[1]["frame"]);
        }
    }
}
