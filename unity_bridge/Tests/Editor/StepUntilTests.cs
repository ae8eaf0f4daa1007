using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>step_until on the synthetic engine's Lab scene (lockstep), whose Spinner moves one x a frame.</summary>
    [TestFixture]
    public class StepUntilTests
    {
        BridgeHarness _bridge;

        [SetUp]
        public void Start()
        {
            _bridge = new BridgeHarness(SyntheticScenes.Lab);
        }

        /// <summary>Holds the game (already so in lockstep), then sets the Spinner moving for 5 frames once it runs.</summary>
        void PauseWithAMoveAhead()
        {
            _bridge.Data("pause");
            Spinner.framesLeft = 5;
        }

        [TearDown]
        public void Stop()
        {
            _bridge.Dispose();
        }

        SynMover Spinner
        {
            get { return (SynMover)_bridge.SceneChild("Spinner").Control; }
        }

        [Test]
        public void ARunningGameIsRefused()
        {
            _bridge.Data("resume");
            StringAssert.Contains("held game: send pause first",
                _bridge.Failure(ErrorCodes.InvalidArgs, "step_until", new { @event = "x" }));
        }

        [Test]
        public void StepsUntilAnEventArrivesAndTheEventRidesOnTheAnswer()
        {
            PauseWithAMoveAhead();
            JObject response = _bridge.Send("step_until", new { @event = SynMover.FinishedEvent });
            Assert.AreEqual(true, (bool)response["data"]["met"]);
            Assert.AreEqual(5, (int)response["data"]["frames"]);
            Assert.AreEqual(true, (bool)response["data"]["held"]);
            Assert.AreEqual(SynMover.FinishedEvent, (string)response["events"][0]["type"]);
            Assert.IsTrue(_bridge.Runtime.Clock.Held);
        }

        [Test]
        public void StepsUntilAPropertyComparesTrue()
        {
            PauseWithAMoveAhead();
            JToken data = _bridge.Data("step_until", new { node = "/root/Lab/Spinner", property = "position:x", op = ">=", value = 3 });
            Assert.AreEqual(true, (bool)data["met"]);
            Assert.AreEqual(3, (int)data["frames"]);
            Assert.AreEqual(3.0, (double)_bridge.Data("get_property", new { path = "/root/Lab/Spinner", property = "position:x" })["value"]);
        }

        [Test]
        public void AConditionThatHoldsAnswersAtOnce()
        {
            PauseWithAMoveAhead();
            JToken data = _bridge.Data("step_until", new { text = "deep text" });
            Assert.AreEqual(true, (bool)data["met"]);
            Assert.AreEqual(0, (int)data["frames"]);
            Assert.AreEqual(0, (int)_bridge.Data("step_until", new { node = "/root/Lab/Nope", present = false })["frames"]);
        }

        [Test]
        public void MaxFramesEndsTheStepsUnmet()
        {
            PauseWithAMoveAhead();
            JToken data = _bridge.Data("step_until", new { node = "/root/Lab/Nope", max_frames = 4 });
            Assert.AreEqual(false, (bool)data["met"]);
            Assert.AreEqual(4, (int)data["frames"]);
            Assert.IsTrue(_bridge.Runtime.Clock.Held);
        }

        [Test]
        public void WrongConditionsAreRefusedAndTheGameStaysHeld()
        {
            PauseWithAMoveAhead();
            _bridge.Failure(ErrorCodes.InvalidArgs, "step_until", new { max_frames = 3 });
            _bridge.Failure(ErrorCodes.InvalidArgs, "step_until", new { @event = "a", text = "b" });
            _bridge.Failure(ErrorCodes.InvalidArgs, "step_until", new { node = "Lab/Spinner" });
            _bridge.Failure(ErrorCodes.InvalidArgs, "step_until", new { node = "/root/Lab/Spinner", property = "playing" });
            _bridge.Failure(ErrorCodes.InvalidArgs, "step_until", new { @event = "a", max_frames = 1000001 });
            _bridge.Failure(ErrorCodes.InvalidArgs, "step_until", new { node = "/root/Lab/Spinner", property = "position:x", op = "~", value = 1 });
            StringAssert.Contains("compares numbers only", _bridge.Failure(ErrorCodes.InvalidArgs, "step_until",
                new { node = "/root/Lab/Spinner", property = "playing", op = "<", value = 1 }));
            Assert.IsTrue(_bridge.Runtime.Clock.Held);
            Assert.AreEqual(5, Spinner.framesLeft, "nothing stepped");
        }

        [Test]
        public void EqualityComparesNumbersByValueAndOtherValuesExactly()
        {
            PauseWithAMoveAhead();
            Assert.AreEqual(2, (int)_bridge.Data("step_until",
                new { node = "/root/Lab/Spinner", property = "position:x", value = 2.0 })["frames"]);
            Assert.AreEqual(0, (int)_bridge.Data("step_until",
                new { node = "/root/Lab/Spinner", property = "position:x", op = "!=", value = "2" })["frames"]);
            Assert.AreEqual(3, (int)_bridge.Data("step_until",
                new { node = "/root/Lab/Spinner", property = "playing", value = false })["frames"]);
        }
    }
}
