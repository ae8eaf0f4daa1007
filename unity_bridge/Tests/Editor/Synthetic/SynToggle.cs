using AgentBridgeUnity.Core.Events;
using System.Collections.Generic;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>A checkbox, like UnityEngine.UI.Toggle with a label.</summary>
    internal sealed class SynToggle : SyntheticControl
    {
        static readonly string[] ToggleActions = { NodeAction.Press };
        bool _isOn;

        public SynToggle(string text, bool isOn)
        {
            this.text = text;
            _isOn = isOn;
            interactable = true;
            onValueChanged = new SyntheticEvent("onValueChanged", "bool");
        }

        public string text { get; set; }
        public bool interactable { get; set; }
        internal SyntheticEvent onValueChanged { get; private set; }

        /// <summary>Setting it raises onValueChanged, as Unity's Toggle does.</summary>
        public bool isOn
        {
            get { return _isOn; }
            set
            {
                if (_isOn == value)
                    return;
                _isOn = value;
                Raise(EventNames.Toggled, value);
            }
        }

        internal override string TypeName
        {
            get { return "Toggle"; }
        }

        internal override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = AriaRole.Checkbox, Name = text, Interactive = true, Disabled = !interactable, Checked = isOn,
            };
        }

        internal override IReadOnlyList<string> Actions
        {
            get { return ToggleActions; }
        }

        internal override void Describe(NodeFields fields)
        {
            fields.Set("text", text);
            fields.Set("disabled", !interactable);
            fields.Set("toggle_mode", true);
            fields.Set("button_pressed", isOn);
        }

        internal override IReadOnlyList<SignalInfo> Signals()
        {
            return new[] { onValueChanged.Describe(TypeName) };
        }

        internal override ActionResult Perform(string action, ActionInput input)
        {
            isOn = !isOn;
            return new ActionResult { Toggled = isOn };
        }
    }
}
