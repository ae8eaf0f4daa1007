using System;
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
            Assert.AreEqual("- button \"Play\" [ref=e1]",
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
        public void RefsOutsideTheLatestSnapshotAreStale()
        {
            _bridge = new BridgeHarness(SyntheticScenes.Lab);
            StringAssert.Contains("take a snapshot first", _bridge.Failure(ErrorCodes.StaleRef, "press", new { @ref = "e1" }));
            _bridge.Data("snapshot");
            _bridge.Data("snapshot", new { root = "/root/Lab/Panel/Item" });
            StringAssert.Contains("not in the latest snapshot", _bridge.Failure(ErrorCodes.StaleRef, "press", new { @ref = "e2" }));
            _bridge.Failure(ErrorCodes.InvalidArgs, "press", new { @ref = "button3" });
        }

        [Test]
        public void ARefWhoseNodeIsGoneIsStale()
        {
            _bridge = new BridgeHarness(SyntheticScenes.Conformance);
            _bridge.Data("snapshot");
            _bridge.Data("change_scene", new { path = SyntheticScenes.Conformance });
            StringAssert.Contains("which is gone", _bridge.Failure(ErrorCodes.StaleRef, "press", new { @ref = "e2" }));
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
