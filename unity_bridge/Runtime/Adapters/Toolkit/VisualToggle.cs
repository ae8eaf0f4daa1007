using System.Collections.Generic;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// A Toggle (checkbox) or RadioButton (radio), pressed with a pointer click through its panel
    /// (its Clickable flips the value, a radio only turns on).
    /// </summary>
    internal sealed class VisualToggle : VisualControl
    {
        readonly BaseBoolField _field;

        public VisualToggle(BaseBoolField field) : base(field)
        {
            _field = field;
        }

        bool IsRadio
        {
            get { return _field is RadioButton; }
        }

        /// <summary>The text after the box, else the field's label, else the element's name.</summary>
        string Name
        {
            get { return LabelOr(string.IsNullOrEmpty(_field.text) ? _field.label : _field.text); }
        }

        public override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = IsRadio ? AriaRole.Radio : AriaRole.Checkbox, Name = Name,
                Interactive = true, Disabled = Disabled, Checked = _field.value,
            };
        }

        public override IReadOnlyList<string> Actions
        {
            get { return PressOnly; }
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", Name);
            fields.Set("disabled", Disabled);
            fields.Set("toggle_mode", true);
            fields.Set("button_pressed", _field.value);
        }

        public override ActionResult Perform(string action, ActionInput input)
        {
            VisualInput.Click(_field);
            return new ActionResult { Toggled = _field.value };
        }
    }
}
