using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>select and set_value on the synthetic Lab scene's dropdown and sliders.</summary>
    [TestFixture]
    public class ChoiceTests
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

        SynDropdown Difficulty
        {
            get { return (SynDropdown)_bridge.SceneChild("Difficulty").Control; }
        }

        [Test]
        public void SelectChoosesByTextOrIndexAsAPlayerWould()
        {
            JObject response = _bridge.Send("select", new { path = "/root/Lab/Difficulty", option = "Hard" });
            Assert.AreEqual("/root/Lab/Difficulty", (string)response["data"]["target"]);
            Assert.AreEqual(2, (int)response["data"]["selected"]["item"]);
            Assert.AreEqual("Hard", (string)response["data"]["selected"]["text"]);
            Assert.AreEqual("item_selected", (string)response["events"][0]["type"]);
            Assert.AreEqual(2, (int)response["events"][0]["args"][0]);
            Assert.IsNull(Difficulty.List, "the list closed after the click");
            Assert.AreEqual(0, (int)response["data"]["changes"]["added_count"], "a list that came and went is no change");
            Assert.AreEqual(1, (int)_bridge.Data("select", new { path = "/root/Lab/Difficulty", option = 1 })["selected"]["item"]);
            Assert.AreEqual("Easy", (string)_bridge.Data("select", new { path = "/root/Lab/Difficulty", option = "easy" })["selected"]["text"]);
        }

        [Test]
        public void AMissingOptionIsNotFoundListingTheOptionsAndChangesNothing()
        {
            string sentence = _bridge.Failure(ErrorCodes.NotFound, "select", new { path = "/root/Lab/Difficulty", option = "Nightmare" });
            StringAssert.Contains("has no option \"Nightmare\". Its options: 'Easy', 'Medium', 'Hard'.", sentence);
            _bridge.Failure(ErrorCodes.NotFound, "select", new { path = "/root/Lab/Difficulty", option = 3 });
            _bridge.Failure(ErrorCodes.InvalidArgs, "select", new { path = "/root/Lab/Difficulty", option = true });
            _bridge.Failure(ErrorCodes.InvalidArgs, "select", new { path = "/root/Lab/Difficulty" });
            _bridge.Failure(ErrorCodes.InvalidArgs, "select", new { path = "/root/Lab/Level", option = 1 });
            Assert.AreEqual(0, Difficulty.value);
            Assert.IsNull(Difficulty.List);
        }

        [Test]
        public void AnOpenListsEntriesHaveOptionRefsThatSelectChoosesBy()
        {
            _bridge.Data("press", new { path = "/root/Lab/Difficulty" });
            JToken snapshot = _bridge.Data("snapshot", new { interactive = true, compact = true });
            StringAssert.Contains("- combobox \"Difficulty\" [expanded=true, value=\"Easy\", ref=e4]", (string)snapshot["text"]);
            StringAssert.Contains("- option \"Easy\" [selected, ref=e5]", (string)snapshot["text"]);
            StringAssert.Contains("- option \"Medium\" [ref=e6]", (string)snapshot["text"]);
            JToken data = _bridge.Data("select", new { @ref = "e6" });
            Assert.AreEqual("/root/Lab/Difficulty", (string)data["target"]);
            Assert.AreEqual(1, (int)data["selected"]["item"]);
            Assert.AreEqual("Medium", (string)data["selected"]["text"]);
            StringAssert.Contains("which is gone", _bridge.Failure(ErrorCodes.StaleRef, "select", new { @ref = "e6" }));
        }

        [Test]
        public void ADisabledDropdownIsNotInteractable()
        {
            Difficulty.interactable = false;
            _bridge.Failure(ErrorCodes.NotInteractable, "select", new { path = "/root/Lab/Difficulty", option = "Hard" });
            Assert.AreEqual(0, Difficulty.value);
        }

        [Test]
        public void SetValueRoundsAndClampsAsTheControlDoes()
        {
            JObject response = _bridge.Send("set_value", new { path = "/root/Lab/Level", value = 4 });
            Assert.AreEqual(4.0, (double)response["data"]["value"]);
            Assert.AreEqual(false, (bool)response["data"]["clamped"]);
            Assert.AreEqual(1.0, (double)response["data"]["step"]);
            Assert.AreEqual("value_changed", (string)response["events"][0]["type"]);
            Assert.IsNull(response["data"]["asked"]);
            JToken clamped = _bridge.Data("set_value", new { path = "/root/Lab/Level", value = 40 });
            Assert.AreEqual(10.0, (double)clamped["value"]);
            Assert.AreEqual(true, (bool)clamped["clamped"]);
            Assert.AreEqual(40.0, (double)clamped["asked"]);
            Assert.AreEqual(1.0, (double)clamped["min"]);
            Assert.AreEqual(10.0, (double)clamped["max"]);
            Assert.AreEqual(true, (bool)_bridge.Data("set_value", new { path = "/root/Lab/Level", value = 2.4 })["clamped"]);
        }

        [Test]
        public void SetValueRefusesWhatIsNoRangeAndWhatIsNoNumber()
        {
            StringAssert.Contains("use fill for text",
                _bridge.Failure(ErrorCodes.InvalidArgs, "set_value", new { path = "/root/Lab/ReadOnlyEdit", value = 1 }));
            _bridge.Failure(ErrorCodes.InvalidArgs, "set_value", new { path = "/root/Lab/Level", value = "#ff0000" });
            _bridge.Failure(ErrorCodes.InvalidArgs, "set_value", new { path = "/root/Lab/Level", value = new JObject(new JProperty("r", 1)) });
            _bridge.Failure(ErrorCodes.InvalidArgs, "set_value", new { path = "/root/Lab/Difficulty", value = 1 });
            Assert.AreEqual(1.0, (double)_bridge.Data("get_property", new { path = "/root/Lab/Level", property = "value" })["value"]);
        }
    }
}
