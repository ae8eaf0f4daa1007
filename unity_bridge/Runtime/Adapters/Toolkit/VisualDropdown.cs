using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// A DropdownField: role combobox with the chosen item as its value; chosen through
    /// set_property <c>index</c> or <c>value</c>.
    /// </summary>
    internal sealed class VisualDropdown : VisualControl
    {
        readonly DropdownField _field;

        public VisualDropdown(DropdownField field) : base(field)
        {
            _field = field;
        }

        public override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = AriaRole.Combobox, Name = LabelOr(_field.label), Interactive = true, Disabled = Disabled, Value = _field.value,
            };
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", _field.value);
            fields.Set("items", _field.choices);
            fields.Set("selected", _field.index);
            fields.Set("disabled", Disabled);
        }
    }
}
