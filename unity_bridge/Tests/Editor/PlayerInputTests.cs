using System.Collections.Generic;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>hover, drag and input on the synthetic scene, which has no screen.</summary>
    [TestFixture]
    public class PlayerInputTests : BridgeFixture
    {
        const string Play = "/root/Conformance/PlayButton";
        const string Name = "/root/Conformance/NameEdit";

        SyntheticInput Input
        {
            get { return Bridge.Engine.PlayerInput; }
        }

        [Test]
        public void HoverMovesOntoANodeAndReportsChanges()
        {
            JToken data = Bridge.Data("hover", new { path = Play });
            Assert.AreEqual(Play, (string)data["target"]);
            Assert.AreEqual(JTokenType.Null, data["position"].Type);
            Assert.IsNotNull(data["changes"]);
            Assert.AreEqual("PlayButton", Input.Hovered.Name);
        }

        [Test]
        public void HoverTakesRefsAndCanSnapshot()
        {
            Bridge.Data("snapshot");
            JToken data = Bridge.Data("hover", new JObject { ["ref"] = "@e2", ["snapshot"] = true });
            Assert.IsNotNull((string)data["target"]);
            StringAssert.Contains("button \"Play\" [ref=e2]", (string)data["snapshot"]["text"]);
        }

        [Test]
        public void HoverRefusesHiddenAndDisabledNodesAndBadTargets()
        {
            StringAssert.Contains("is hidden", Bridge.Failure(ErrorCodes.NotInteractable, "hover",
                new { path = "/root/Conformance/HiddenButton" }));
            StringAssert.Contains("is disabled", Bridge.Failure(ErrorCodes.NotInteractable, "hover",
                new { path = "/root/Conformance/DisabledButton" }));
            Bridge.Failure(ErrorCodes.InvalidArgs, "hover", new { path = Play, x = 1, y = 2 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "hover", new { x = 1 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "hover");
            StringAssert.Contains("no screen", Bridge.Failure(ErrorCodes.Unsupported, "hover", new { x = 1, y = 2 }));
            Assert.IsNull(Input.Hovered);
        }

        [Test]
        public void DragGoesFromOneNodeToAnother()
        {
            Bridge.Data("snapshot");
            JToken data = Bridge.Data("drag", new { from = Play, to = "e1", button = "right" });
            Assert.AreEqual(Play, (string)data["from"]["target"]);
            Assert.IsNotNull((string)data["to"]["target"]);
            Assert.IsNotNull(data["changes"]);
            Assert.AreEqual("PlayButton", Input.DraggedFrom.Name);
            Assert.IsNotNull(Input.DroppedOn);
            Assert.AreEqual("right", Input.DragButton);
        }

        [Test]
        public void DragEndsMustBeRefsPathsOrPoints()
        {
            StringAssert.Contains("A drag end is a ref, a node path or",
                Bridge.Failure(ErrorCodes.InvalidArgs, "drag", new { from = 3, to = Play }));
            Bridge.Failure(ErrorCodes.InvalidArgs, "drag", new { from = Play });
            Bridge.Failure(ErrorCodes.NotFound, "drag", new { from = Play, to = "/root/Conformance/Nope" });
            Bridge.Failure(ErrorCodes.NotInteractable, "drag", new { from = "/root/Conformance/HiddenButton", to = Play });
            Bridge.Failure(ErrorCodes.Unsupported, "drag", new { from = Play, to = new { x = 3, y = 4 } });
            Bridge.Failure(ErrorCodes.InvalidArgs, "drag", new { from = Play, to = Play, button = "thumb" });
            Assert.IsNull(Input.DraggedFrom);
        }

        [Test]
        public void InputTakesExactlyOneKind()
        {
            StringAssert.Contains("exactly one of", Bridge.Failure(ErrorCodes.InvalidArgs, "input"));
            Bridge.Failure(ErrorCodes.InvalidArgs, "input", new { key = "A", text = "b" });
            Bridge.Failure(ErrorCodes.InvalidArgs, "input", new { key = "A", modifiers = new[] { "hyper" } });
            Bridge.Failure(ErrorCodes.InvalidArgs, "input", new { wheel = 1.5 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "input", new { wheel = 1, x = 3 });
        }

        [Test]
        public void KeysAnswerOnceTheGameHasThem()
        {
            long before = Bridge.Engine.Frame;
            JToken data = Bridge.Data("input", new { key = "return", modifiers = new[] { "ctrl" } });
            Assert.AreEqual("Enter", (string)data["key"]);
            Assert.That(Bridge.Engine.Frame - before, Is.GreaterThanOrEqualTo(3), "a tap's release reaches the game two frames on");
            CollectionAssert.AreEqual(new[] { "press Ctrl+Enter", "release Ctrl+Enter" }, Input.Sent);
            Assert.IsFalse(Input.InputPending);
            Assert.AreEqual(true, (bool)Bridge.Data("input", new { key = "Up", pressed = true })["pressed"]);
            Assert.AreEqual("press Up", Input.Sent[2]);
        }

        [Test]
        public void UnknownKeysAndModifiersAreRefused()
        {
            StringAssert.Contains("Unknown key 'Hyper'", Bridge.Failure(ErrorCodes.InvalidArgs, "input", new { key = "Hyper" }));
            Bridge.Failure(ErrorCodes.InvalidArgs, "input", new { key = "A", modifiers = new[] { "super" } });
            CollectionAssert.IsEmpty(Input.Sent, "nothing was sent");
        }

        [Test]
        public void ActionsAreFoundByNameOrMapAndName()
        {
            Assert.AreEqual("jump", (string)Bridge.Data("input", new { action = "jump", strength = 0.5 })["action"]);
            Bridge.Data("input", new { action = "UI/Submit", pressed = false });
            CollectionAssert.AreEqual(new[] { "press Player/Jump 0.5", "release Player/Jump 0.5", "release UI/Submit 1" }, Input.Sent);
            StringAssert.Contains("actions: Player/Jump, Player/Fire, UI/Submit",
                Bridge.Failure(ErrorCodes.NotFound, "input", new { action = "Fly" }));
        }

        [Test]
        public void TextIsTypedIntoTheFocusCharacterByCharacter()
        {
            StringAssert.Contains("click a text field first", Bridge.Failure(ErrorCodes.NotInteractable, "input", new { text = "x" }));
            Input.Focus = FindNode("NameEdit");
            var field = (SynInputField)Input.Focus.Control;
            JObject response = Bridge.Send("input", new { text = "Ada\n" });
            Assert.IsTrue((bool)response["ok"], response.ToString());
            Assert.AreEqual(4, (int)response["data"]["typed"]);
            Assert.AreEqual(Name, (string)response["data"]["focus"]);
            Assert.AreEqual("Ada", field.text);
            var types = new List<string>();
            foreach (JToken item in response["events"])
                types.Add((string)item["type"]);
            CollectionAssert.AreEqual(new[] { "text_changed", "text_changed", "text_changed", "onEndEdit", "text_submitted" }, types);
            field.readOnly = true;
            StringAssert.Contains("not editable", Bridge.Failure(ErrorCodes.NotInteractable, "input", new { text = "x" }));
        }

        [Test]
        public void WheelScrollsAtTheScreenCentre()
        {
            JToken data = Bridge.Data("input", new { wheel = -3 });
            Assert.AreEqual(-3, (int)data["wheel"]);
            Assert.IsNotNull(data["changes"]);
            Assert.AreEqual(-3, Input.WheelSteps);
            Bridge.Failure(ErrorCodes.Unsupported, "input", new { wheel = 1, x = 3, y = 4 });
        }

        SyntheticNode FindNode(string name)
        {
            foreach (SyntheticNode scene in Bridge.Engine.Root.ChildNodes)
                foreach (SyntheticNode node in scene.ChildNodes)
                    if (node.Name == name)
                        return node;
            return null;
        }
    }
}
