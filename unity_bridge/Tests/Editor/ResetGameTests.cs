using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// reset_game on the synthetic engine (docs/PROTOCOL.md, "A fresh game without a relaunch"):
    /// the scene loaded fresh, the clock at frame 0 and the seed again, settings and held input
    /// back, the game's persistent nodes, registrations and statics gone or set back, its start-up
    /// code run again; a bad scene refused with nothing changed.
    /// </summary>
    [TestFixture]
    public class ResetGameTests : BridgeFixture
    {
        const string Title = "/root/Conformance/Title";

        SynText TitleText
        {
            get { return (SynText)Bridge.SceneChild("Title").Control; }
        }

        [Test]
        public void TheAnswerHasTheGodotShapeAndTheClockIsBackAtFrameZero()
        {
            Bridge.Data("step", new { frames = 10 });
            JObject response = Bridge.Send("reset_game");
            Assert.IsTrue((bool)response["ok"], response.ToString());
            JToken data = response["data"];
            var keys = new List<string>();
            foreach (JProperty property in ((JObject)data).Properties())
                keys.Add(property.Name);
            CollectionAssert.AreEquivalent(new[] { "scene", "autoloads", "statics", "settings_restored", "inputs_released",
                "orphans_freed", "frame" }, keys);
            Assert.AreEqual("Assets/Scenes/Conformance.unity", (string)data["scene"], "the build's first scene by default");
            Assert.AreEqual(0, (long)data["frame"]);
            Assert.AreEqual(0, (long)response["frame"]);
            JToken time = Bridge.Data("hello")["time"];
            Assert.AreEqual(0, (long)time["frame"]);
            Assert.IsTrue((bool)time["held"]);
            long engineFrames = Bridge.EngineFrames;
            Bridge.Frames(20);
            Assert.AreEqual(engineFrames, Bridge.EngineFrames, "held at frame 0 as after a launch");
            Assert.AreEqual(3, (long)Bridge.Data("step", new { frames = 3 })["frame"]);
        }

        [Test]
        public void AResumedGameIsHeldAgainAtFrameZeroAfterAReset()
        {
            Bridge.Data("resume");
            Bridge.Frames(5);
            Assert.Greater(Bridge.EngineFrames, 0, "the game ran on its own");
            JToken data = Bridge.Data("reset_game");
            Assert.AreEqual(0, (long)data["frame"]);
            JToken time = Bridge.Data("hello")["time"];
            Assert.IsTrue((bool)time["held"], "held as a lockstep game is at launch");
            Assert.AreEqual(0, (long)time["frame"]);
            Assert.AreEqual(0, (long)time["physics_frame"], "physics steps count from the reset too");
            long engineFrames = Bridge.EngineFrames;
            Bridge.Frames(20);
            Assert.AreEqual(engineFrames, Bridge.EngineFrames, "no frame runs until a request needs one");
            Assert.AreEqual(2, (long)Bridge.Data("step", new { frames = 2 })["frame"], "step works without a pause");
        }

        [Test]
        public void TheSceneIsLoadedFreshAndOldRefsAreStale()
        {
            JToken refs = Bridge.Data("snapshot", new { interactive = true })["refs"];
            string play = null;
            foreach (JProperty entry in ((JObject)refs).Properties())
            {
                if ((string)entry.Value["path"] == "/root/Conformance/PlayButton")
                    play = entry.Name;
            }
            Bridge.Data("set_property", new { path = Title, property = "text", value = "Changed" });
            Bridge.Data("reset_game");
            Assert.AreEqual("Conformance", TitleText.text);
            Bridge.Failure(ErrorCodes.StaleRef, "press", new { @ref = play });

            JToken lab = Bridge.Data("reset_game", new { scene = "Lab" });
            Assert.AreEqual("Assets/Scenes/Lab.unity", (string)lab["scene"]);
            Assert.AreEqual("/root/Lab", (string)Bridge.Data("get_node", new { path = "/root/Lab" })["node"]["path"]);
            Bridge.Failure(ErrorCodes.NotFound, "get_node", new { path = "/root/Conformance" });
        }

        /// <summary>Wanders the Lab's Spinner by the seeded generator for 10 frames: its digest.</summary>
        string Wander()
        {
            Bridge.Data("set_property", new { path = "/root/Lab/Spinner", property = "wanders", value = true });
            Bridge.Data("step", new { frames = 10 });
            return (string)Bridge.Data("digest")["digest"];
        }

        [Test]
        public void TheSeedTheTimeScaleAndTheFramesAreAsLaunched()
        {
            Restart(new TimeSettings(TimeSettings.Lockstep, 60, 4));
            Bridge.Data("reset_game", new { scene = "Lab" });
            string first = Wander();
            Bridge.Data("set_time_scale", new { scale = 0.5 });
            JToken reset = Bridge.Data("reset_game", new { scene = "Lab" });
            Assert.AreEqual(1, (int)reset["settings_restored"], "the time scale");
            Assert.AreEqual(1.0, Bridge.Engine.Clock.TimeScale);
            Assert.AreEqual(first, Wander(), "the same seed and requests give the same digest after a reset");
            CollectionAssert.AreEqual(new[] { 4, 4, 4 }, Bridge.Engine.Clock.Seeds, "seeded at launch and at each reset");
            Assert.AreEqual(0, (int)Bridge.Data("reset_game", new { scene = "Lab" })["settings_restored"]);
        }

        [Test]
        public void PersistentNodesAndRegistrationsGoAndTheStartupCodeRunsAgain()
        {
            int boots = 0;
            Bridge.Engine.Startup.Add(new SyntheticStartup("Game.Boot", false, () =>
            {
                boots++;
                AgentBridge.RegisterCommand("boots", args => boots, null, "How often the game booted.");
                Bridge.Engine.MakePersistent(new SyntheticNode("Systems"));
            }));
            Bridge.Engine.Startup.Add(new SyntheticStartup("Game.AfterLoad", true, () => AgentBridge.EmitEvent("after_load")));
            Bridge.Engine.Startup[0].Run();
            Bridge.Engine.MakePersistent(new SyntheticNode("Music"));
            AgentBridge.RegisterCommand("stale", args => null, null, "Registered by a scene object that a reset destroys.");
            AgentBridge.AllowNonPublicMembers = true;

            JObject response = Bridge.Send("reset_game");
            JToken data = response["data"];
            CollectionAssert.AreEqual(new[] { "Game.Boot", "Game.AfterLoad" }, ((JArray)data["autoloads"]).ToObject<string[]>());
            Assert.AreEqual(2, (int)data["orphans_freed"], "Systems and Music");
            Assert.AreEqual(2, boots);
            Assert.AreEqual(2, (int)Bridge.Data("boots"));
            Bridge.Failure(ErrorCodes.UnknownCommand, "stale");
            Assert.IsFalse(AgentBridge.AllowNonPublicMembers, "as at launch until the game says so again");
            Assert.AreEqual("/root/DontDestroyOnLoad/Systems",
                (string)Bridge.Data("get_node", new { path = "/root/DontDestroyOnLoad/Systems" })["node"]["path"]);
            Bridge.Failure(ErrorCodes.NotFound, "get_node", new { path = "/root/DontDestroyOnLoad/Music" });
            var types = new List<string>();
            foreach (JToken item in (JArray)response["events"])
                types.Add((string)item["type"]);
            CollectionAssert.Contains(types, "scene_changed", "the fresh game's events come with the answer");
            CollectionAssert.Contains(types, "after_load");
        }

        [Test]
        public void TheGamesStaticsAreSetBackButTheKeptOnes()
        {
            Bridge.Engine.GameTypes.AddRange(new[] { typeof(ResetSample), typeof(KeptSample) });
            AgentBridge.KeepStatics(typeof(KeptSample));
            ResetSample.Lives = 0;
            ResetSample.Name = "changed";
            ResetSample.Log.Add("played");
            KeptSample.Count = 9;
            JToken data = Bridge.Data("reset_game");
            Assert.AreEqual(1, (int)data["statics"]);
            Assert.AreEqual(3, ResetSample.Lives);
            Assert.IsNull(ResetSample.Name);
            Assert.AreEqual(0, ResetSample.Log.Count, "a read-only list is a new one");
            Assert.AreEqual(9, KeptSample.Count);
            Assert.AreEqual(0, Bridge.Engine.Reset.StaticFailures.Count);
        }

        [Test]
        public void InputTheBridgeLeftDownIsReleased()
        {
            Bridge.Data("input", new { key = "A", pressed = true });
            Bridge.Data("input", new { key = "B", pressed = true });
            Bridge.Data("input", new { key = "B", pressed = false });
            JToken data = Bridge.Data("reset_game");
            Assert.AreEqual(1, (int)data["inputs_released"]);
            List<string> sent = Bridge.Engine.PlayerInput.Sent;
            Assert.AreEqual("release A", sent[sent.Count - 1]);
            Assert.IsFalse(Bridge.Engine.Keyboard.IsDown("A"));
            Assert.AreEqual(0, (int)Bridge.Data("reset_game")["inputs_released"]);
        }

        [Test]
        public void EventsFromBeforeTheResetAreDropped()
        {
            AgentBridge.EmitEvent("before_reset");
            JObject response = Bridge.Send("reset_game");
            foreach (JToken item in (JArray)response["events"])
                Assert.AreNotEqual("before_reset", (string)item["type"]);
        }

        [Test]
        public void ABadSceneIsRefusedAndChangesNothing()
        {
            Bridge.Data("set_property", new { path = Title, property = "text", value = "Changed" });
            Bridge.Data("step", new { frames = 3 });
            AgentBridge.RegisterCommand("kept", args => 1, null, "");
            string error = Bridge.Failure(ErrorCodes.NotFound, "reset_game", new { scene = "Nope" });
            StringAssert.Contains("There is no scene 'Nope'", error);
            Bridge.Failure(ErrorCodes.InvalidArgs, "reset_game", new { scene = 3 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "reset_game", new { scene = "Lab", extra = true });
            Assert.AreEqual(3, (long)Bridge.Send("hello")["frame"]);
            Assert.AreEqual("Changed", TitleText.text);
            Assert.AreEqual(1, (int)Bridge.Data("kept"));
        }

        [Test]
        public void AResetWaitsForARecordingToEnd()
        {
            Bridge.Data("record_start");
            StringAssert.StartsWith("A recording or a replay is running", Bridge.Failure(ErrorCodes.InvalidArgs, "reset_game"));
            Bridge.Data("record_stop");
            Assert.AreEqual(0, (long)Bridge.Data("reset_game")["frame"]);
        }
    }

    /// <summary>A game class with static state of every kind a reset sets back.</summary>
    internal static class ResetSample
    {
        public static int Lives = 3;
        public static string Name;
        public static readonly List<string> Log = new List<string>();
    }

    /// <summary>A game class whose statics the game asks a reset to keep.</summary>
    internal static class KeptSample
    {
        public static int Count = 1;
    }
}
