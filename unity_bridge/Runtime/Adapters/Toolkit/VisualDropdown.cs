using System.Collections.Generic;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// A DropdownField: role combobox with the chosen item as its value. UI Toolkit draws an
    /// open field's menu in a separate overlay the bridge does not walk, so <c>select</c> sets the
    /// field's <c>index</c>, which raises the same ChangeEvent as a player's choice.
    /// </summary>
    internal sealed class VisualDropdown : VisualControl, IChoiceControl
    {
        readonly DropdownField _field;

        public VisualDropdown(DropdownField field) : base(field)
        {
            _field = field;
        }

        public IReadOnlyList<string> Options
        {
            get { return _field.choices ?? new List<string>(); }
        }

        public int SelectedIndex
        {
            get { return _field.index; }
        }

        public void Choose(int index)
        {
            _field.index = index;
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
