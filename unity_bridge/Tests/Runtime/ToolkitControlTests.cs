using System.Collections;
using AgentBridgeUnity.Adapters.Nodes;
using AgentBridgeUnity.Adapters.Toolkit;
using NUnit.Framework;
using UnityEngine;
using UnityEngine.TestTools;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Tests.Runtime
{
    /// <summary>
    /// UI Toolkit elements as nodes, pressed through a real panel. Needs Unity (play mode);
    /// runs in the Test Runner.
    /// </summary>
    [TestFixture]
    public class ToolkitControlTests
    {
        GameObject _host;
        UIDocument _document;

        [SetUp]
        public void CreatePanel()
        {
            _host = new GameObject("UI");
            _document = _host.AddComponent<UIDocument>();
            _document.panelSettings = ScriptableObject.CreateInstance<PanelSettings>();
        }

        [TearDown]
        public void DestroyPanel()
        {
            Object.Destroy(_host);
        }

        T Add<T>(T element) where T : VisualElement
        {
            element.style.width = 200f;
            element.style.height = 40f;
            _document.rootVisualElement.Add(element);
            return element;
        }

        [Test]
        public void ControlsGetTheirRoles()
        {
            Assert.AreEqual(AriaRole.Button, VisualControls.For(new Button { text = "Play" }).Accessibility().Role);
            Assert.AreEqual(AriaRole.Checkbox, VisualControls.For(new Toggle()).Accessibility().Role);
            Assert.AreEqual(AriaRole.Textbox, VisualControls.For(new TextField()).Accessibility().Role);
            Assert.AreEqual(AriaRole.Slider, VisualControls.For(new Slider(0, 10)).Accessibility().Role);
            Assert.AreEqual(AriaRole.Text, VisualControls.For(new Label("Hi")).Accessibility().Role);
        }

        [Test]
        public void PlainElementsAreInteractiveOnlyWhenFocusableAndPickable()
        {
            var element = new VisualElement();
            Assert.IsFalse(VisualControls.For(element).Accessibility().Interactive);
            element.focusable = true;
            element.pickingMode = PickingMode.Position;
            Assert.IsTrue(VisualControls.For(element).Accessibility().Interactive);
        }

        [UnityTest]
        public IEnumerator PressingAButtonClicksItThroughThePanel()
        {
            Button button = Add(new Button { name = "PlayButton", text = "Play" });
            int clicked = 0;
            int clickEvents = 0;
            button.clicked += () => clicked++;
            button.RegisterCallback<ClickEvent>(evt => clickEvents++);
            yield return null;
            yield return null;
            new VisualElementNode(button).Perform(NodeAction.Press, new ActionInput());
            Assert.AreEqual(1, clicked, "Clickable fired once");
            Assert.AreEqual(1, clickEvents, "the panel made one ClickEvent");
        }

        [UnityTest]
        public IEnumerator PressingAToggleFlipsIt()
        {
            Toggle toggle = Add(new Toggle { name = "Sound" });
            yield return null;
            yield return null;
            ActionResult result = new VisualElementNode(toggle).Perform(NodeAction.Press, new ActionInput());
            Assert.AreEqual(true, result.Toggled);
            Assert.IsTrue(toggle.value);
        }

        [UnityTest]
        public IEnumerator ACoveredButtonIsNotInteractable()
        {
            Button button = Add(new Button { name = "Under", text = "Under" });
            VisualElement cover = Add(new VisualElement { name = "Cover" });
            cover.style.position = Position.Absolute;
            cover.style.left = 0f;
            cover.style.top = 0f;
            yield return null;
            yield return null;
            var error = Assert.Throws<NotInteractableException>(
                () => new VisualElementNode(button).Perform(NodeAction.Press, new ActionInput()));
            StringAssert.Contains("covered", error.Message);
        }

        [Test]
        public void AnElementOffAPanelIsNotInteractable()
        {
            Assert.Throws<NotInteractableException>(
                () => new VisualElementNode(new Button()).Perform(NodeAction.Press, new ActionInput()));
        }

        [UnityTest]
        public IEnumerator FillingATextFieldSetsItsValueAndSubmits()
        {
            TextField field = Add(new TextField { name = "NameEdit" });
            int submits = 0;
            field.RegisterCallback<NavigationSubmitEvent>(evt => submits++);
            yield return null;
            new VisualElementNode(field).Perform(NodeAction.Fill, new ActionInput { Text = "Ada", Submit = true });
            Assert.AreEqual("Ada", field.value);
            Assert.AreEqual(1, submits);
        }
    }
}
