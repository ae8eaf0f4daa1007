using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>A Toggle: a checkbox, or a radio when it belongs to a ToggleGroup.</summary>
    internal sealed class ToggleControl : SelectableControl
    {
        readonly Toggle _toggle;

        public ToggleControl(Toggle toggle) : base(toggle)
        {
            _toggle = toggle;
        }

        public override AccessibleInfo Accessibility()
        {
            AccessibleInfo info = base.Accessibility();
            info.Role = _toggle.group != null ? AriaRole.Radio : AriaRole.Checkbox;
            info.Checked = _toggle.isOn;
            return info;
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", Label);
            base.AddFields(fields);
            fields.Set("toggle_mode", true);
            fields.Set("button_pressed", _toggle.isOn);
        }

        public override ActionResult Perform(string action, ActionInput input)
        {
            base.Perform(action, input);
            return new ActionResult { Toggled = _toggle.isOn };
        }
    }
}
