using UnityEngine;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// An entry of an open Dropdown or TMP_Dropdown list: role option, selected when it is the
    /// chosen one, chosen by a click on it (which closes the list), also by its own ref in
    /// <c>select</c>.
    /// </summary>
    internal sealed class DropdownOptionControl : SelectableControl, IChoiceOption
    {
        readonly Toggle _toggle;
        readonly Selectable _owner;

        public DropdownOptionControl(Toggle toggle, Selectable owner) : base(toggle)
        {
            _toggle = toggle;
            _owner = owner;
        }

        public int Index
        {
            get { return DropdownLists.IndexOf(GameObject); }
        }

        public string Text
        {
            get { return Label; }
        }

        public object Owner
        {
            get { return _owner.gameObject; }
        }

        public void Choose()
        {
            PointerClicker.Click(GameObject);
        }

        public override AccessibleInfo Accessibility()
        {
            AccessibleInfo info = base.Accessibility();
            info.Role = AriaRole.Option;
            info.Selected = _toggle.isOn;
            return info;
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", Label);
            fields.Set("selected", _toggle.isOn);
            base.AddFields(fields);
        }
    }
}
