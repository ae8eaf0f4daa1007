using AgentBridgeUnity.Adapters.Nodes;
using AgentBridgeUnity.Adapters.Services;
using AgentBridgeUnity.Core.Keys;
using NUnit.Framework;
using UnityEngine;
using UnityEngine.EventSystems;
using UnityEngine.UI;
using Text = UnityEngine.UI.Text;

namespace AgentBridgeUnity.Tests.Runtime
{
    /// <summary>UGUI GameObjects as nodes, and pressing them. Needs Unity; runs in the Test Runner.</summary>
    [TestFixture]
    public class UguiNodeTests
    {
        GameObject _canvas;

        [SetUp]
        public void BuildCanvas()
        {
            _canvas = new GameObject("Canvas", typeof(RectTransform), typeof(Canvas));
            new GameObject("EventSystem", typeof(EventSystem)).transform.SetParent(_canvas.transform);
        }

        [TearDown]
        public void DestroyCanvas()
        {
            Object.DestroyImmediate(_canvas);
        }

        Button AddButton(string name, string label)
        {
            var buttonObject = new GameObject(name, typeof(RectTransform), typeof(Image), typeof(Button));
            buttonObject.transform.SetParent(_canvas.transform, false);
            var textObject = new GameObject("Text", typeof(RectTransform), typeof(Text));
            textObject.transform.SetParent(buttonObject.transform, false);
            textObject.GetComponent<Text>().text = label;
            return buttonObject.GetComponent<Button>();
        }

        [Test]
        public void AButtonIsAButtonNamedByItsLabel()
        {
            var node = new GameObjectNode(AddButton("PlayButton", "Play").gameObject);
            Assert.AreEqual("Button", node.TypeName);
            Assert.AreEqual("GameObject", node.ClassName);
            AccessibleInfo info = node.Accessibility;
            Assert.AreEqual(AriaRole.Button, info.Role);
            Assert.AreEqual("Play", info.Name);
            Assert.IsTrue(info.Interactive);
            CollectionAssert.AreEqual(new[] { NodeAction.Press }, node.Actions);
        }

        [Test]
        public void PressingClicksThroughTheEventSystem()
        {
            Button button = AddButton("PlayButton", "Play");
            int clicks = 0;
            button.onClick.AddListener(() => clicks++);
            new GameObjectNode(button.gameObject).Perform(NodeAction.Press, new ActionInput());
            Assert.AreEqual(1, clicks);
        }

        [Test]
        public void WithoutTheInputSystemEnterSubmitsTheSelectedButton()
        {
            Button button = AddButton("PlayButton", "Play");
            int clicks = 0;
            button.onClick.AddListener(() => clicks++);
            EventSystem.current = _canvas.GetComponentInChildren<EventSystem>();
            EventSystem.current.SetSelectedGameObject(button.gameObject);
            new EventSystemKeys().Key(KeyNames.Resolve("Enter"), new KeyName[0], null);
            Assert.AreEqual(1, clicks);
            Assert.Throws<UnsupportedException>(() => new EventSystemKeys().Key(KeyNames.Resolve("A"), new KeyName[0], null));
        }

        [Test]
        public void ANonInteractableButtonIsDisabled()
        {
            Button button = AddButton("DisabledButton", "Disabled");
            button.interactable = false;
            Assert.IsTrue(new GameObjectNode(button.gameObject).Accessibility.Disabled);
        }

        [Test]
        public void AToggleReportsItsState()
        {
            var toggleObject = new GameObject("ToggleButton", typeof(RectTransform), typeof(Toggle));
            toggleObject.transform.SetParent(_canvas.transform, false);
            var node = new GameObjectNode(toggleObject);
            Assert.AreEqual(AriaRole.Checkbox, node.Accessibility.Role);
            ActionResult result = node.Perform(NodeAction.Press, new ActionInput());
            Assert.AreEqual(toggleObject.GetComponent<Toggle>().isOn, result.Toggled);
        }

        [Test]
        public void ComponentsAreMemberHosts()
        {
            var slider = new GameObject("Volume", typeof(RectTransform), typeof(Slider)).GetComponent<Slider>();
            slider.transform.SetParent(_canvas.transform, false);
            var node = new GameObjectNode(slider.gameObject);
            Assert.AreEqual("GameObject", node.MemberHosts[0].Qualifier);
            Assert.AreEqual("Slider", node.MemberHosts[node.MemberHosts.Count - 1].Qualifier);
            Assert.AreEqual(AriaRole.Slider, node.Accessibility.Role);
        }
    }
}
