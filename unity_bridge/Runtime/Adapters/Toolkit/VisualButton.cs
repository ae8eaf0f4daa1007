using System.Collections.Generic;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// A Button: pressed with a pointer click through its panel, so its Clickable fires
    /// <c>clicked</c> and a ClickEvent follows, as for a mouse.
    /// </summary>
    internal sealed class VisualButton : VisualControl
    {
        readonly Button _button;

        public VisualButton(Button button) : base(button)
        {
            _button = button;
        }

        public override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo { Role = AriaRole.Button, Name = LabelOr(_button.text), Interactive = true, Disabled = Disabled };
        }

        public override IReadOnlyList<string> Actions
        {
            get { return PressOnly; }
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", _button.text);
            fields.Set("disabled", Disabled);
        }

        public override ActionResult Perform(string action, ActionInput input)
        {
            VisualInput.Click(_button);
            return new ActionResult();
        }
    }
}
