using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>set_time_scale, pause, resume and step on the synthetic engine.</summary>
    [TestFixture]
    public class TimeCommandTests
    {
        BridgeHarness _bridge;

        [SetUp]
        public void Start()
        {
            _bridge = new BridgeHarness(SyntheticScenes.Lab);
        }

        [TearDown]
        public void Stop()
        {
            _bridge.Dispose();
        }

        SynMover Spinner
        {
            get
            {
                foreach (SyntheticNode scene in _bridge.Engine.Root.ChildNodes)
                    foreach (SyntheticNode node in scene.ChildNodes)
                        if (node.Name == "Spinner")
                            return (SynMover)node.Control;
                return null;
            }
        }

        [Test]
        public void TimeScaleMustBePositive()
        {
            Assert.AreEqual(2.5, (double)_bridge.Data("set_time_scale", new { scale = 2.5 })["time_scale"]);
            StringAssert.Contains("above 0", _bridge.Failure(ErrorCodes.InvalidArgs, "set_time_scale", new { scale = 0 }));
            _bridge.Failure(ErrorCodes.InvalidArgs, "set_time_scale", new { scale = -1 });
            _bridge.Failure(ErrorCodes.InvalidArgs, "set_time_scale");
            Assert.AreEqual(2.5, _bridge.Engine.Clock.TimeScale);
        }

        [Test]
        public void PauseAndResumeKeepTheScale()
        {
            _bridge.Data("set_time_scale", new { scale = 0.5 });
            JToken paused = _bridge.Data("pause");
            Assert.AreEqual(true, (bool)paused["paused"]);
            Assert.AreEqual(0.5, (double)paused["time_scale"]);
            Assert.IsNotNull(paused["frame"]);
            Assert.IsNotNull(paused["physics_frame"]);
            Spinner.framesLeft = 10;
            _bridge.Frames(5);
            Assert.AreEqual(10, Spinner.framesLeft, "a paused game does not move");
            JToken resumed = _bridge.Data("resume");
            Assert.AreEqual(false, (bool)resumed["paused"]);
            Assert.AreEqual(0.5, (double)resumed["time_scale"]);
            _bridge.Frames(3);
            Assert.Less(Spinner.framesLeft, 10);
        }

        [Test]
        public void StepNeedsAPausedGame()
        {
            StringAssert.Contains("pause first", _bridge.Failure(ErrorCodes.InvalidArgs, "step"));
            _bridge.Data("pause");
            _bridge.Failure(ErrorCodes.InvalidArgs, "step", new { frames = 0 });
        }

        [Test]
        public void StepAdvancesExactlyNFramesThenPausesAgain()
        {
            _bridge.Data("pause");
            Spinner.framesLeft = 100;
            _bridge.Frames(3);
            JToken data = _bridge.Data("step", new { frames = 4 });
            Assert.AreEqual(4, (int)data["stepped"]);
            Assert.AreEqual(4, (long)data["physics_ticks"]);
            Assert.AreEqual(true, (bool)data["paused"]);
            Assert.AreEqual(96, Spinner.framesLeft);
            _bridge.Frames(5);
            Assert.AreEqual(96, Spinner.framesLeft, "paused again after the step");
            JToken one = _bridge.Data("step");
            Assert.AreEqual(1, (int)one["stepped"]);
            Assert.AreEqual(95, Spinner.framesLeft);
        }
    }
}
