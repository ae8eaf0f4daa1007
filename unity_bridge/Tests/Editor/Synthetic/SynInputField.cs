using AgentBridgeUnity.Core.Events;
using System.Collections.Generic;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// A one-line text field, like UnityEngine.UI.InputField with a placeholder. Fill raises
    /// text_changed and, when submitting, onEndEdit and text_submitted: the names the Unity
    /// adapter gives the same UnityEvents.
    /// </summary>
    internal sealed class SynInputField : SyntheticControl
    {
        static readonly string[] FieldActions = { NodeAction.Fill };
        string _text = "";

        public SynInputField(string placeholder)
        {
            this.placeholder = placeholder;
            interactable = true;
            onValueChanged = new SyntheticEvent("onValueChanged", "string");
            onEndEdit = new SyntheticEvent("onEndEdit", "string");
            onSubmit = new SyntheticEvent("onSubmit", "string");
        }

        public string placeholder { get; set; }
        public bool readOnly { get; set; }
        public bool interactable { get; set; }
        internal SyntheticEvent onValueChanged { get; private set; }
        internal SyntheticEvent onEndEdit { get; private set; }
        internal SyntheticEvent onSubmit { get; private set; }

        /// <summary>Setting it raises onValueChanged, as Unity's InputField does.</summary>
        public string text
        {
            get { return _text; }
            set
            {
                value = value ?? "";
                if (_text == value)
                    return;
                _text = value;
                Raise(EventNames.TextChanged, value);
            }
        }

        internal override string TypeName
        {
            get { return "InputField"; }
        }

        internal override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = AriaRole.Textbox, Name = placeholder, Interactive = true, Disabled = !interactable,
                ReadOnly = readOnly, Value = text,
            };
        }

        internal override IReadOnlyList<string> Actions
        {
            get { return FieldActions; }
        }

        internal override void Describe(NodeFields fields)
        {
            fields.Set("text", text);
            fields.Set("placeholder", placeholder);
            fields.Set("editable", !readOnly);
            fields.Set("disabled", !interactable);
        }

        internal override IReadOnlyList<SignalInfo> Signals()
        {
            return new[] { onValueChanged.Describe(TypeName), onEndEdit.Describe(TypeName), onSubmit.Describe(TypeName) };
        }

        internal override ActionResult Perform(string action, ActionInput input)
        {
            text = input.Text;
            if (input.Submit)
            {
                Raise("onEndEdit", text);
                Raise(EventNames.TextSubmitted, text);
            }
            return new ActionResult { Text = text };
        }
    }
}
