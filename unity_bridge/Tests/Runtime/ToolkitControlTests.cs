using AgentBridgeUnity.Adapters.Nodes;
using AgentBridgeUnity.Adapters.Toolkit;
using NUnit.Framework;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Tests.Runtime
{
    /// <summary>UI Toolkit elements as nodes. Needs Unity; runs in the Test Runner.</summary>
    [TestFixture]
    public class ToolkitControlTests
    {
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

        [Test]
        public void PressingAToggleFlipsIt()
        {
            var toggle = new Toggle();
            ActionResult result = new VisualElementNode(toggle).Perform(NodeAction.Press, new ActionInput());
            Assert.AreEqual(true, result.Toggled);
            Assert.IsTrue(toggle.value);
        }

        [Test]
        public void FillingATextFieldSetsItsValue()
        {
            var field = new TextField();
            new VisualElementNode(field).Perform(NodeAction.Fill, new ActionInput { Text = "Ada" });
            Assert.AreEqual("Ada", field.value);
        }
    }
}
