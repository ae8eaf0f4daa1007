using System.Collections.Generic;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// Lockstep and realtime on the synthetic engine (its Lab scene, whose Spinner moves one x a
    /// frame): the hold, frame numbers from 0, the fixed frame time, the seed, pause, resume, step
    /// and the game's own pause.
    /// </summary>
    [TestFixture]
    public class TimeCommandTests : BridgeFixture
    {
        public TimeCommandTests() : base(SyntheticScenes.Lab)
        {
        }

        SynMover Spinner
        {
            get { return (SynMover)Bridge.SceneChild("Spinner").Control; }
        }

        SyntheticClock Clock
        {
            get { return Bridge.Engine.Clock; }
        }

        [Test]
        public void HelloDescribesTheTime()
        {
            JObject hello = Bridge.Send("hello");
            Assert.AreEqual(0, (long)hello["frame"]);
            Assert.IsTrue(JToken.DeepEquals(JObject.Parse(
                "{\"mode\": \"lockstep\", \"fps\": 60, \"seed\": 0, \"held\": true, \"frame\": 0, \"physics_frame\": 0, "
                + "\"time_scale\": 1.0}"), hello["data"]["time"]),
                hello["data"]["time"].ToString());
            Restart(new TimeSettings(TimeSettings.Realtime, 30, -7));
            JToken time = Bridge.Data("hello")["time"];
            Assert.AreEqual("realtime", (string)time["mode"]);
            Assert.AreEqual(30, (int)time["fps"]);
            Assert.AreEqual(-7, (int)time["seed"]);
            Assert.AreEqual(false, (bool)time["held"]);
        }

        [Test]
        public void EveryClockAnswerIsTheSameDescription()
        {
            var keys = new[] { "mode", "fps", "seed", "held", "frame", "physics_frame", "time_scale" };
            JToken hello = Bridge.Data("hello")["time"];
            CollectionAssert.AreEqual(keys, Names(hello));
            CollectionAssert.IsSubsetOf(keys, Names(Bridge.Data("pause")));
            CollectionAssert.IsSubsetOf(keys, Names(Bridge.Data("step")));
            CollectionAssert.IsSubsetOf(keys, Names(Bridge.Data("step_until", new { node = "/root/Lab/Spinner" })));
            JToken resumed = Bridge.Data("resume");
            CollectionAssert.IsSubsetOf(keys, Names(resumed));
            Assert.AreEqual(60, (int)resumed["fps"]);
            Assert.AreEqual(0, (int)resumed["seed"]);
        }

        static List<string> Names(JToken data)
        {
            var names = new List<string>();
            foreach (JProperty property in ((JObject)data).Properties())
                names.Add(property.Name);
            return names;
        }

        [Test]
        public void TheFrameRateAndTheSeedAreSetBeforeTheFirstFrame()
        {
            Assert.AreEqual(0, Bridge.EngineFrames);
            Assert.AreEqual(60, Clock.FrameRate);
            CollectionAssert.AreEqual(new[] { 0 }, Clock.Seeds);
            CollectionAssert.AreEqual(new[] { false }, Clock.Paces, "lockstep advances flat out");
            Restart(new TimeSettings(TimeSettings.Realtime, 50, 42));
            Assert.AreEqual(50, Clock.FrameRate);
            CollectionAssert.AreEqual(new[] { 42 }, Clock.Seeds);
            CollectionAssert.AreEqual(new[] { true }, Clock.Paces, "realtime runs at its frame rate");
        }

        [Test]
        public void ALockstepGameIsHeldAtFrameZeroBetweenRequests()
        {
            Spinner.framesLeft = 10;
            foreach (string command in new[] { "hello", "get_tree", "snapshot", "list_actions", "get_events", "pause" })
                Assert.AreEqual(0, (long)Bridge.Send(command)["frame"], command);
            Bridge.Data("press", new { path = "/root/Lab/Panel/Item" });
            Bridge.Frames(200);
            Assert.AreEqual(0, Bridge.EngineFrames, "no frame ran");
            Assert.AreEqual(10, Spinner.framesLeft, "nothing moved");
            Assert.AreEqual(0.0, Clock.GameTime);
            Assert.IsTrue(Bridge.Runtime.Holds);
        }

        [Test]
        public void EveryFrameIsOneFpsthOfASecondAndPhysicsFollowsTheFixedStep()
        {
            JToken data = Bridge.Data("step", new { frames = 60 });
            Assert.AreEqual(60, (int)data["stepped"]);
            Assert.AreEqual(60, (long)data["frame"]);
            Assert.AreEqual(1.0 / 60, Clock.DeltaTime, 1e-12);
            Assert.AreEqual(1.0, Clock.GameTime, 1e-9);
            Assert.AreEqual(50, (long)data["physics_ticks"], "a second of 0.02 s fixed steps");
            Assert.AreEqual(50, (long)data["physics_frame"]);
            Assert.AreEqual(60, Bridge.EngineFrames);
            Restart(new TimeSettings(TimeSettings.Lockstep, 25));
            Assert.AreEqual(2, (long)Bridge.Data("step", new { frames = 1 })["physics_ticks"], "0.04 s: two fixed steps");
        }

        [Test]
        public void StepNeedsAHeldGame()
        {
            Bridge.Data("resume");
            Assert.AreEqual("step works on a held game: send pause first (lockstep games are held).",
                Bridge.Failure(ErrorCodes.InvalidArgs, "step"));
            Bridge.Data("pause");
            Bridge.Failure(ErrorCodes.InvalidArgs, "step", new { frames = 0 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "step", new { frames = 2, extra = 1 });
            Assert.AreEqual(1, (int)Bridge.Data("step")["stepped"]);
        }

        [Test]
        public void StepAdvancesExactlyNFramesAndTheGameStaysHeld()
        {
            Spinner.framesLeft = 100;
            JToken data = Bridge.Data("step", new { frames = 4 });
            Assert.AreEqual(4, (int)data["stepped"]);
            Assert.AreEqual(true, (bool)data["held"]);
            Assert.AreEqual("lockstep", (string)data["mode"]);
            Assert.AreEqual(96, Spinner.framesLeft);
            Assert.AreEqual(4, Bridge.EngineFrames);
            Bridge.Frames(50);
            Assert.AreEqual(96, Spinner.framesLeft, "held again after the step");
            Assert.AreEqual(5, (long)Bridge.Data("step")["frame"]);
            Assert.AreEqual(95, Spinner.framesLeft);
        }

        [Test]
        public void ResumeRunsTheGameOnItsOwnUntilPause()
        {
            Spinner.framesLeft = 100;
            JToken resumed = Bridge.Data("resume");
            Assert.AreEqual(false, (bool)resumed["held"]);
            long before = Bridge.EngineFrames;
            Bridge.Frames(3);
            Assert.AreEqual(before + 3, Bridge.EngineFrames);
            Assert.AreEqual(100 - Bridge.EngineFrames, Spinner.framesLeft);
            Assert.AreEqual(true, Clock.RealTime, "a running game is paced at its frame rate");
            JToken paused = Bridge.Data("pause");
            Assert.AreEqual(true, (bool)paused["held"]);
            long frames = Bridge.EngineFrames;
            Bridge.Frames(20);
            Assert.AreEqual(frames, Bridge.EngineFrames, "held from the next frame boundary");
            Bridge.Data("step", new { frames = 2 });
            Assert.AreEqual(false, Clock.RealTime, "a held game advances flat out");
        }

        [Test]
        public void TheGamesOwnPauseStaysTheGames()
        {
            Spinner.framesLeft = 10;
            Clock.SetTimeScale(0); // the game's pause menu
            JToken data = Bridge.Data("step", new { frames = 5 });
            Assert.AreEqual(5, (long)data["frame"], "frames still advance");
            Assert.AreEqual(0.0, (double)data["time_scale"]);
            Assert.AreEqual(10, Spinner.framesLeft, "the game's own pause holds its movers");
            Bridge.Data("resume");
            Bridge.Frames(2);
            Assert.AreEqual(0.0, (double)Bridge.Data("pause")["time_scale"], "neither resume nor pause touch it");
            Assert.AreEqual(0.0, Clock.TimeScale);
        }

        [Test]
        public void TimeScaleIsTheGamesAndMustBePositive()
        {
            Assert.AreEqual(2.5, (double)Bridge.Data("set_time_scale", new { scale = 2.5 })["time_scale"]);
            StringAssert.Contains("above 0", Bridge.Failure(ErrorCodes.InvalidArgs, "set_time_scale", new { scale = 0 }));
            Bridge.Failure(ErrorCodes.InvalidArgs, "set_time_scale", new { scale = -1 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "set_time_scale");
            Assert.AreEqual(2.5, Clock.TimeScale);
            Bridge.Data("step", new { frames = 6 });
            Assert.AreEqual(6 * 2.5 / 60, Clock.GameTime, 1e-9, "the game's scale applies to each fixed frame");
        }

        [Test]
        public void ARealtimeGameRunsWithoutAHold()
        {
            Restart(new TimeSettings(TimeSettings.Realtime));
            Spinner.framesLeft = 10;
            Bridge.Frames(4);
            Assert.AreEqual(4, Bridge.EngineFrames);
            Assert.AreEqual(6, Spinner.framesLeft);
            StringAssert.Contains("held game", Bridge.Failure(ErrorCodes.InvalidArgs, "step"));
            Assert.AreEqual(true, (bool)Bridge.Data("pause")["held"]);
            long frames = Bridge.EngineFrames;
            Bridge.Frames(10);
            Assert.AreEqual(frames, Bridge.EngineFrames, "pause holds a realtime game too");
            Bridge.Data("step");
            CollectionAssert.AreEqual(new List<bool> { true, false }, Clock.Paces, "flat out while advancing for a request");
        }

        [Test]
        public void EventsAndResponsesCountFramesFromTheFirstFrameTheBridgeSaw()
        {
            Bridge.Engine.Advance(); // frames the engine ran before the bridge saw one
            Bridge.Engine.Advance();
            Spinner.framesLeft = 3;
            JObject response = Bridge.Send("step", new { frames = 3 });
            Assert.AreEqual(3, (long)response["frame"]);
            Assert.AreEqual(5, Bridge.EngineFrames);
            Assert.AreEqual(SynMover.FinishedEvent, (string)response["events"][0]["type"]);
            Assert.AreEqual(2, (long)response["events"][0]["frame"], "raised during the third frame, frame 2");
            Assert.AreEqual(4, Clock.PhysicsFrame, "5 frames of 1/60 s: 4 fixed steps of 0.02 s in the engine");
            Assert.AreEqual(3, (long)response["data"]["physics_frame"], "1 of them before frame 0");
        }
    }
}
