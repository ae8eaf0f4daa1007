using System.Collections.Generic;
using System.Linq;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>The generic commands on the synthetic conformance scene.</summary>
    [TestFixture]
    public class CommandTests : BridgeFixture
    {
        [Test]
        public void HelloIsSmallUnlessSchemasAreAskedFor()
        {
            JToken small = Bridge.Data("hello");
            // The short form names the source of the game's own commands only.
            foreach (JToken command in small["commands"])
            {
                string[] keys = ((JObject)command).Properties().Select(p => p.Name).ToArray();
                if ((string)command["source"] == "game")
                    Assert.AreEqual(new[] { "name", "source" }, keys);
                else
                    Assert.AreEqual(new[] { "name" }, keys);
            }
            JToken full = Bridge.Data("hello", new { schemas = true });
            Assert.AreEqual(((JArray)small["commands"]).Count, ((JArray)full["commands"]).Count);
            Assert.IsNotNull(full["commands"][0]["description"]);
            Assert.AreEqual(ErrorCodes.InvalidArgs, (string)Bridge.Send("hello", new { schemas = "yes" })["code"]);
        }

        [Test]
        public void HelloListsEveryCommandWithItsSchema()
        {
            JToken data = Bridge.Data("hello", new { schemas = true });
            Assert.AreEqual("agentbridge/1", (string)data["protocol"]);
            Assert.AreEqual(true, (bool)data["agent_mode"]);
            var names = new List<string>();
            foreach (JToken command in data["commands"])
            {
                names.Add((string)command["name"]);
                Assert.AreEqual("object", (string)command["args_schema"]["type"]);
                Assert.AreEqual("bridge", (string)command["source"]);
            }
            foreach (string expected in new[] { "hello", "get_tree", "get_node", "get_property", "set_property", "call_method",
                "get_signals", "press", "click", "fill", "get_events", "wait", "get_state", "list_actions", "change_scene",
                "quit", "snapshot", "screenshot", "hover", "drag", "input", "set_time_scale", "pause", "resume", "step",
                "step_until", "cancel", "select", "set_value" })
                CollectionAssert.Contains(names, expected);
            var sorted = new List<string>(names);
            sorted.Sort(string.CompareOrdinal);
            CollectionAssert.AreEqual(sorted, names);
        }

        [Test]
        public void GetTreeSerializesTheNodeShape()
        {
            JToken data = Bridge.Data("get_tree", new { root = "/root/Conformance" });
            Assert.AreEqual(8, (int)data["count"]);
            JToken play = data["tree"]["children"][2];
            Assert.AreEqual("PlayButton", (string)play["name"]);
            Assert.AreEqual("Button", (string)play["type"]);
            Assert.AreEqual("/root/Conformance/PlayButton", (string)play["path"]);
            Assert.AreEqual(true, (bool)play["visible"]);
            Assert.AreEqual("Play", (string)play["text"]);
            Assert.AreEqual(false, (bool)play["disabled"]);
            CollectionAssert.AreEqual(new[] { "press" }, play["actions"].ToObject<string[]>());
            Assert.AreEqual("GameObject", (string)play["class"]);
            Assert.AreEqual(0, ((JArray)play["children"]).Count);
            Assert.AreEqual(false, (bool)data["tree"]["children"][4]["visible"]);
        }

        [Test]
        public void GetTreeTruncatesAtMaxDepth()
        {
            JToken tree = Bridge.Data("get_tree", new { max_depth = 1 })["tree"];
            JToken scene = tree["children"][0];
            Assert.AreEqual(true, (bool)scene["truncated"]);
            Assert.AreEqual(0, ((JArray)scene["children"]).Count);
        }

        [Test]
        public void GetTreeKeepsOnlyTheFieldsAskedFor()
        {
            JToken tree = Bridge.Data("get_tree", new { fields = new[] { "name", "path" } })["tree"];
            JToken scene = tree["children"][0];
            CollectionAssert.AreEquivalent(new[] { "name", "path", "children" },
                ((JObject)scene).Properties().Select(property => property.Name).ToArray());
            Bridge.Failure(ErrorCodes.InvalidArgs, "get_tree", new { fields = new[] { "colour" } });
        }

        [Test]
        public void MissingNodesAndBadPathsAreExplained()
        {
            StringAssert.Contains("/root/Conformance has children: Title, NameEdit",
                Bridge.Failure(ErrorCodes.NotFound, "get_node", new { path = "/root/Conformance/PlayButon" }));
            Bridge.Failure(ErrorCodes.InvalidArgs, "get_node", new { path = "Conformance/PlayButton" });
            Bridge.Failure(ErrorCodes.InvalidArgs, "get_node", new { });
            Bridge.Failure(ErrorCodes.InvalidArgs, "get_node", new { path = "/root", @ref = "e1" });
            Bridge.Failure(ErrorCodes.NotFound, "get_tree", new { root = "/root/Nowhere" });
        }

        [Test]
        public void PressActsLikeAPlayerAndRefusesWhatAPlayerCannot()
        {
            const string play = "/root/Conformance/PlayButton";
            JToken pressed = Bridge.Data("press", new { path = play });
            Assert.AreEqual(play, (string)pressed["pressed"]);
            Assert.AreEqual(0, (int)pressed["changes"]["added_count"]);
            Assert.AreEqual(0, ((JArray)pressed["changes"]["removed"]).Count);
            JToken toggled = Bridge.Data("press", new { path = "/root/Conformance/ToggleButton" });
            Assert.AreEqual(true, (bool)toggled["toggled"]);
            StringAssert.Contains("is disabled",
                Bridge.Failure(ErrorCodes.NotInteractable, "press", new { path = "/root/Conformance/DisabledButton" }));
            StringAssert.Contains("is hidden",
                Bridge.Failure(ErrorCodes.NotInteractable, "press", new { path = "/root/Conformance/HiddenButton" }));
            StringAssert.Contains("cannot take 'press'",
                Bridge.Failure(ErrorCodes.InvalidArgs, "press", new { path = "/root/Conformance/Title" }));
        }

        [Test]
        public void ClickWorksOnEveryControl()
        {
            JObject response = Bridge.Send("click", new { path = "/root/Conformance/PlayButton" });
            Assert.AreEqual("/root/Conformance/PlayButton", (string)response["data"]["target"]);
            Assert.AreEqual(JTokenType.Null, response["data"]["position"].Type, "synthetic nodes have no rect");
            Assert.AreEqual("pressed", (string)response["events"][0]["type"]);
            Bridge.Failure(ErrorCodes.InvalidArgs, "click", new { path = "/root/Conformance/Title" });
            Bridge.Failure(ErrorCodes.NotInteractable, "click", new { path = "/root/Conformance/DisabledButton" });
        }

        [Test]
        public void ClickingAPointNeedsAScreen()
        {
            Bridge.Failure(ErrorCodes.Unsupported, "click", new { x = 10, y = 20 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "click", new { x = 10 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "click", new { path = "/root/Conformance/PlayButton", x = 1, y = 2 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "click", new { path = "/root/Conformance/PlayButton", button = "thumb" });
        }

        [Test]
        public void ActionsCanWaitUntilSettledAndSnapshot()
        {
            Bridge.Data("change_scene", new { path = SyntheticScenes.Lab });
            var spinner = (SynMover)Bridge.SceneChild("Spinner").Control;
            spinner.framesLeft = 5;
            long before = Bridge.Engine.Frame;
            JToken data = Bridge.Data("press", new { path = "/root/Lab/Panel/Item", settled = true, snapshot = true });
            Assert.That(Bridge.Engine.Frame - before, Is.GreaterThanOrEqualTo(5));
            Assert.AreEqual("/root/Lab/Panel/Item", (string)data["pressed"]);
            StringAssert.Contains("- button \"Buy\" [ref=e1]", (string)data["snapshot"]["text"]);
            spinner.framesLeft = 1000000;
            StringAssert.Contains("The action ran, but the game did not settle within 20 game ms (2 frames)",
                Bridge.Failure(ErrorCodes.Timeout, "press", new { path = "/root/Lab/Panel/Item", settled = true, timeout_ms = 20 }));
        }

        [Test]
        public void FillTypesAndSubmits()
        {
            JObject response = Bridge.Send("fill", new { path = "/root/Conformance/NameEdit", value = "Ada", submit = true });
            Assert.AreEqual("Ada", (string)response["data"]["text"]);
            var types = new List<string>();
            foreach (JToken item in response["events"])
                types.Add((string)item["type"]);
            CollectionAssert.AreEqual(new[] { "text_changed", "onEndEdit", "text_submitted" }, types);
            Assert.AreEqual("Ada", (string)response["events"][2]["args"][0]);
            Bridge.Failure(ErrorCodes.InvalidArgs, "fill", new { path = "/root/Conformance/NameEdit", value = 3 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "fill", new { path = "/root/Conformance/PlayButton", value = "x" });
        }

        [Test]
        public void FillRefusesReadOnlyFields()
        {
            Bridge.Data("change_scene", new { path = SyntheticScenes.Lab });
            StringAssert.Contains("not editable",
                Bridge.Failure(ErrorCodes.NotInteractable, "fill", new { path = "/root/Lab/ReadOnlyEdit", value = "x" }));
        }

        [Test]
        public void GetEventsDrainsTheQueue()
        {
            AgentBridge.EmitEvent("hint", new { level = 2 });
            JToken data = Bridge.Data("get_events");
            Assert.AreEqual(1, ((JArray)data["events"]).Count);
            Assert.AreEqual(2, (int)data["events"][0]["args"][0]["level"]);
            Assert.AreEqual(0, (int)data["dropped"]);
            Assert.AreEqual(0, ((JArray)Bridge.Data("get_events")["events"]).Count);
        }

        [Test]
        public void WaitValidatesItsArguments()
        {
            Bridge.Failure(ErrorCodes.InvalidArgs, "wait", new { });
            Bridge.Failure(ErrorCodes.InvalidArgs, "wait", new { frames = 2, settled = true });
            Bridge.Failure(ErrorCodes.InvalidArgs, "wait", new { settled = false });
            Bridge.Failure(ErrorCodes.InvalidArgs, "wait", new { frames = 0 });
            Assert.AreEqual(2, (int)Bridge.Data("wait", new { frames = 2 })["frames_waited"]);
        }

        [Test]
        public void WaitSettledWaitsForAnimationsAndTimesOut()
        {
            Bridge.Data("change_scene", new { path = SyntheticScenes.Lab });
            Assert.AreEqual(2, (int)Bridge.Data("wait", new { settled = true })["frames_waited"]);
            var spinner = (SynMover)Bridge.SceneChild("Spinner").Control;
            spinner.framesLeft = 10;
            int waited = (int)Bridge.Data("wait", new { settled = true, quiet_frames = 3 })["frames_waited"];
            Assert.That(waited, Is.GreaterThanOrEqualTo(10));
            spinner.framesLeft = 1000000;
            StringAssert.Contains("still busy: synthetic animations",
                Bridge.Failure(ErrorCodes.Timeout, "wait", new { settled = true, timeout_ms = 30 }));
        }

        [Test]
        public void ChangeSceneAnswersOnceTheSceneIsThere()
        {
            JObject response = Bridge.Send("change_scene", new { path = SyntheticScenes.Lab });
            Assert.AreEqual("/root/Lab", (string)response["data"]["root"]);
            Assert.AreEqual("scene_changed", (string)response["events"][0]["type"]);
            Assert.AreEqual("Lab", (string)response["events"][0]["args"][0]);
            Bridge.Data("get_node", new { path = "/root/Lab/Panel/Item[2]" });
            Bridge.Data("get_node", new { path = "/root/Lab/Panel/A%2FB" });
            StringAssert.Contains("scenes: Conformance, Lab", Bridge.Failure(ErrorCodes.NotFound, "change_scene", new { path = "Nowhere" }));
        }

        [Test]
        public void ChangeSceneTakesBuildSettingsPaths()
        {
            foreach (string path in new[] { "Assets/Scenes/Lab.unity", "Scenes/Lab", "lab" })
            {
                JToken data = Bridge.Data("change_scene", new { path });
                Assert.AreEqual("/root/Lab", (string)data["root"], path);
                Assert.AreEqual(path, (string)data["scene"]);
                Bridge.Data("change_scene", new { path = SyntheticScenes.Conformance });
            }
        }

        [Test]
        public void ListActionsShowsOnlyWhatCanBeDoneNow()
        {
            JToken data = Bridge.Data("list_actions");
            var seen = new List<string>();
            foreach (JToken action in data["actions"])
                seen.Add((string)action["path"] + " " + (string)action["action"] + " " + (string)action["name"]);
            CollectionAssert.Contains(seen, "/root/Conformance/PlayButton press Play");
            CollectionAssert.Contains(seen, "/root/Conformance/NameEdit fill Your name");
            foreach (string entry in seen)
            {
                StringAssert.DoesNotContain("Disabled", entry);
                StringAssert.DoesNotContain("Hidden", entry);
            }
            CollectionAssert.Contains(data["commands"].ToObject<string[]>(), "snapshot");
        }

        [Test]
        public void GetSignalsListsEventsAndListeners()
        {
            JToken signal = Bridge.Data("get_signals", new { path = "/root/Conformance/PlayButton" })["signals"][0];
            Assert.AreEqual("Button.onClick", (string)signal["name"]);
            Assert.AreEqual("/root/Conformance", (string)signal["connections"][0]["target"]);
            Assert.AreEqual("OnPlayPressed", (string)signal["connections"][0]["method"]);
        }

        [Test]
        public void ScreenshotsAreUnsupportedWithoutAScreen()
        {
            Bridge.Failure(ErrorCodes.Unsupported, "screenshot");
        }

        [Test]
        public void QuitAnswersThenQuits()
        {
            Assert.AreEqual(true, (bool)Bridge.Data("quit", new { exit_code = 4 })["quitting"]);
            Assert.IsTrue(Bridge.Engine.QuitRequested);
            Assert.AreEqual(4, Bridge.Engine.ExitCode);
        }
    }
}
