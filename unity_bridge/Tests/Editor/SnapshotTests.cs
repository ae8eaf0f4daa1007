using System;
using System.Linq;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class SnapshotTests
    {
        BridgeHarness _bridge;

        [TearDown]
        public void Stop()
        {
            if (_bridge != null)
                _bridge.Dispose();
            _bridge = null;
        }

        JToken Snapshot(string scene, object args = null)
        {
            _bridge = _bridge ?? new BridgeHarness(scene);
            return _bridge.Data("snapshot", args);
        }

        [Test]
        public void ShowsTheConformanceSceneWithRolesStatesAndRefs()
        {
            JToken data = Snapshot(SyntheticScenes.Conformance);
            string expected = String.Join("\n", new[]
            {
                "- application \"Harness Game\"",
                "  - region \"Conformance\"",
                "    - heading \"Conformance\"",
                "    - textbox \"Your name\" [value=\"\", ref=e1]",
                "    - button \"Play\" [ref=e2]",
                "    - button \"Disabled\" [disabled, ref=e3]",
                "    - checkbox \"Sound\" [checked=false, ref=e4]",
                "    - slider \"Volume\" [value=50, ref=e5]",
            });
            Assert.AreEqual(expected, (string)data["text"]);
            JObject refs = (JObject)data["refs"];
            Assert.AreEqual(5, refs.Count);
            Assert.AreEqual("button", (string)refs["e2"]["role"]);
            Assert.AreEqual("Play", (string)refs["e2"]["name"]);
            Assert.AreEqual("/root/Conformance/PlayButton", (string)refs["e2"]["path"]);
            Assert.AreEqual(1, (int)data["snapshot"]);
            Assert.AreEqual(2, (int)_bridge.Data("snapshot")["snapshot"]);
        }

        [Test]
        public void RepeatedRoleAndNameGetNth()
        {
            string text = (string)Snapshot(SyntheticScenes.Lab)["text"];
            StringAssert.Contains("- button \"Buy\" [ref=e1]", text);
            StringAssert.Contains("- button \"Buy\" [nth=1, ref=e2]", text);
        }

        [Test]
        public void InteractiveModeKeepsControlsAndTheirAncestors()
        {
            string text = (string)Snapshot(SyntheticScenes.Lab, new { interactive = true })["text"];
            Assert.AreEqual(String.Join("\n", new[]
            {
                "- application \"Harness Game\"",
                "  - region \"Lab\"",
                "    - generic",
                "      - button \"Buy\" [ref=e1]",
                "      - button \"Buy\" [nth=1, ref=e2]",
                "    - textbox \"Locked\" [disabled, value=\"\", ref=e3]",
                "    - combobox \"Difficulty\" [expanded=false, value=\"Easy\", ref=e4]",
                "    - slider \"Level\" [value=1, ref=e5]",
            }), text);
        }

        [Test]
        public void CompactModeHoistsUnnamedWrappers()
        {
            string text = (string)Snapshot(SyntheticScenes.Lab, new { compact = true })["text"];
            Assert.AreEqual(String.Join("\n", new[]
            {
                "- application \"Harness Game\"",
                "  - region \"Lab\"",
                "    - button \"Buy\" [ref=e1]",
                "    - button \"Buy\" [nth=1, ref=e2]",
                "    - text \"slashed name\"",
                "    - text \"deep text\"",
                "    - img \"Spinner\"",
                "    - textbox \"Locked\" [disabled, value=\"\", ref=e3]",
                "    - combobox \"Difficulty\" [expanded=false, value=\"Easy\", ref=e4]",
                "    - slider \"Level\" [value=1, ref=e5]",
            }), text);
        }

        [Test]
        public void InteractiveAndCompactGiveAFlatListOfRefs()
        {
            string text = (string)Snapshot(SyntheticScenes.Conformance, new { interactive = true, compact = true })["text"];
            StringAssert.StartsWith("- textbox \"Your name\" [value=\"\", ref=e1]\n- button \"Play\" [ref=e2]", text);
            StringAssert.DoesNotContain("region", text);
        }

        [Test]
        public void MaxDepthAndRootLimitTheTree()
        {
            Assert.AreEqual("- application \"Harness Game\"\n  - region \"Conformance\"",
                (string)Snapshot(SyntheticScenes.Conformance, new { max_depth = 1 })["text"]);
            Assert.AreEqual("- button \"Play\" [ref=e2]",
                (string)_bridge.Data("snapshot", new { root = "/root/Conformance/PlayButton" })["text"]);
        }

        [Test]
        public void StatesFollowTheScene()
        {
            Snapshot(SyntheticScenes.Conformance);
            _bridge.Data("press", new { path = "/root/Conformance/ToggleButton" });
            _bridge.Data("fill", new { path = "/root/Conformance/NameEdit", value = "Ada \"the\" first" });
            string text = (string)_bridge.Data("snapshot")["text"];
            StringAssert.Contains("- checkbox \"Sound\" [checked=true, ref=e4]", text);
            StringAssert.Contains("- textbox \"Your name\" [value=\"Ada \\\"the\\\" first\", ref=e1]", text);
        }

        [Test]
        public void RefsWorkWhereverAPathDoes()
        {
            Snapshot(SyntheticScenes.Conformance);
            Assert.AreEqual("/root/Conformance/PlayButton", (string)_bridge.Data("press", new { @ref = "@e2" })["pressed"]);
            Assert.AreEqual("Play", (string)_bridge.Data("get_node", new { @ref = "e2" })["node"]["text"]);
            Assert.AreEqual(50.0, (double)_bridge.Data("get_property", new { @ref = "e5", property = "value" })["value"]);
        }

        [Test]
        public void RefsLiveAcrossSnapshotsAndNoneComesFromNowhere()
        {
            _bridge = new BridgeHarness(SyntheticScenes.Lab);
            StringAssert.Contains("No snapshot gave out e1 (none was taken yet)",
                _bridge.Failure(ErrorCodes.StaleRef, "press", new { @ref = "e1" }));
            _bridge.Data("snapshot");
            Assert.AreEqual("- button \"Buy\" [ref=e1]",
                (string)_bridge.Data("snapshot", new { root = "/root/Lab/Panel/Item" })["text"]);
            Assert.AreEqual("/root/Lab/Panel/Item[2]", (string)_bridge.Data("press", new { @ref = "e2" })["pressed"]);
            StringAssert.Contains("No snapshot gave out e99 (the newest ref is e5)",
                _bridge.Failure(ErrorCodes.StaleRef, "press", new { @ref = "e99" }));
            StringAssert.Contains("is not a ref", _bridge.Failure(ErrorCodes.InvalidArgs, "press", new { @ref = "button3" }));
            _bridge.Failure(ErrorCodes.InvalidArgs, "get_node", new { @ref = "/root/Lab" });
        }

        [Test]
        public void ARefWhoseNodeIsGoneIsStaleAndItsNumberIsNeverGivenAgain()
        {
            _bridge = new BridgeHarness(SyntheticScenes.Conformance);
            _bridge.Data("snapshot");
            _bridge.Data("change_scene", new { path = SyntheticScenes.Conformance });
            StringAssert.Contains("/root/Conformance/PlayButton, which is gone",
                _bridge.Failure(ErrorCodes.StaleRef, "press", new { @ref = "e2" }));
            JObject refs = (JObject)_bridge.Data("snapshot")["refs"];
            Assert.AreEqual(new[] { "e6", "e7", "e8", "e9", "e10" }, refs.Properties().Select(p => p.Name).ToArray());
            Assert.AreEqual("/root/Conformance/PlayButton", (string)refs["e7"]["path"]);
            StringAssert.Contains("which is gone", _bridge.Failure(ErrorCodes.StaleRef, "press", new { @ref = "e2" }));
        }

        [Test]
        public void ARefToANodeTakenOutOfTheTreeIsStaleAndWorksAgainOnceItIsBack()
        {
            _bridge = new BridgeHarness(SyntheticScenes.Conformance);
            _bridge.Data("snapshot");
            SyntheticNode scene = _bridge.Engine.Root.ChildNodes[0];
            SyntheticNode play = scene.ChildNodes[2];
            scene.ChildNodes.RemoveAt(2);
            StringAssert.Contains("no longer in the scene tree", _bridge.Failure(ErrorCodes.StaleRef, "press", new { @ref = "e2" }));
            scene.ChildNodes.Insert(2, play);
            Assert.AreEqual("/root/Conformance/PlayButton", (string)_bridge.Data("press", new { @ref = "e2" })["pressed"]);
        }

        [Test]
        public void TreeVersionMovesOnlyWhenWhatTheTreeShowsChanges()
        {
            JToken first = Snapshot(SyntheticScenes.Conformance);
            int version = (int)first["tree_version"];
            Assert.AreEqual(1, version);
            JToken same = _bridge.Data("snapshot", new { since = version });
            Assert.AreEqual(true, (bool)same["unchanged"]);
            Assert.AreEqual(version, (int)same["tree_version"]);
            Assert.IsNull(same["text"]);
            Assert.AreEqual(2, (int)same["snapshot"]);
            _bridge.Data("fill", new { path = "/root/Conformance/NameEdit", value = "Ada" });
            JToken moved = _bridge.Data("snapshot", new { since = version, interactive = true });
            Assert.AreEqual(version + 1, (int)moved["tree_version"]);
            StringAssert.Contains("value=\"Ada\"", (string)moved["text"]);
            Assert.AreEqual(version + 1, (int)_bridge.Data("snapshot", new { root = "/root/Conformance/Title" })["tree_version"]);
            _bridge.Engine.Root.ChildNodes[0].ChildNodes[0].Active = false;
            Assert.AreEqual(version + 2, (int)_bridge.Data("snapshot", new { max_depth = 0 })["tree_version"]);
        }

        [Test]
        public void AnActionsSnapshotOptionTakesTrueOrSnapshotOptions()
        {
            _bridge = new BridgeHarness(SyntheticScenes.Conformance);
            JToken compact = _bridge.Data("press", new { path = "/root/Conformance/PlayButton", snapshot = true })["snapshot"];
            Assert.AreEqual((string)_bridge.Data("snapshot", new { compact = true })["text"], (string)compact["text"]);
            Assert.IsNotNull(compact["tree_version"]);
            int version = (int)compact["tree_version"];
            JToken same = _bridge.Data("press", new
            {
                path = "/root/Conformance/PlayButton", snapshot = new JObject(new JProperty("since", version)),
            })["snapshot"];
            Assert.AreEqual(true, (bool)same["unchanged"]);
            JObject wrong = _bridge.Send("press", new
            {
                path = "/root/Conformance/PlayButton", snapshot = new JObject(new JProperty("deep", true)),
            });
            Assert.AreEqual(ErrorCodes.InvalidArgs, (string)wrong["code"]);
            Assert.AreEqual(0, ((JArray)wrong["events"]).Count, "a wrong option changes nothing");
            Assert.AreEqual(ErrorCodes.InvalidArgs,
                (string)_bridge.Send("press", new { path = "/root/Conformance/PlayButton", snapshot = 3 })["code"]);
        }

        [Test]
        public void TheBridgeNodeIsReadableButLeftOutOfSnapshots()
        {
            StringAssert.DoesNotContain("Bridge", (string)Snapshot(SyntheticScenes.Conformance)["text"]);
            Assert.AreEqual("session", (string)_bridge.Data("get_property",
                new { path = "/root/AgentBridge", property = "sessionDirectory" })["value"]);
        }

        [Test]
        public void ARefFollowsItsNodeWhenItsPathChanges()
        {
            Snapshot(SyntheticScenes.Lab);
            SyntheticNode panel = _bridge.Engine.Root.ChildNodes[0].ChildNodes[0];
            panel.Remove(panel.ChildNodes[0]);
            Assert.AreEqual("/root/Lab/Panel/Item", (string)_bridge.Data("press", new { @ref = "e2" })["pressed"]);
            _bridge.Failure(ErrorCodes.StaleRef, "press", new { @ref = "e1" });
        }

        [Test]
        public void HiddenNodesAreLeftOut()
        {
            StringAssert.DoesNotContain("Hidden", (string)Snapshot(SyntheticScenes.Conformance)["text"]);
        }
    }
}
