using System.Collections.Generic;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// A TextField: role textbox, filled by setting its value (a ChangeEvent), submitted as Enter
    /// does: focused, a Return key press and a navigation submit.
    /// </summary>
    internal sealed class VisualTextField : VisualControl
    {
        readonly TextField _field;

        public VisualTextField(TextField field) : base(field)
        {
            _field = field;
        }

        public override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = AriaRole.Textbox, Name = LabelOr(_field.label), Interactive = true, Disabled = Disabled,
                ReadOnly = _field.isReadOnly, Value = _field.value,
            };
        }

        public override IReadOnlyList<string> Actions
        {
            get { return FillOnly; }
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", _field.value);
            fields.Set("editable", !_field.isReadOnly);
            fields.Set("disabled", Disabled);
        }

        public override ActionResult Perform(string action, ActionInput input)
        {
            _field.value = input.Text;
            if (input.Submit)
                VisualInput.Submit(_field);
            return new ActionResult { Text = _field.value };
        }
    }
}
