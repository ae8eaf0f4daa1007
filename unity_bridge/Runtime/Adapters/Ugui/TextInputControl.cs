using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Reflection;
using UnityEngine;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// An InputField or TMP_InputField (read through their shared member names by reflection):
    /// role textbox named by its placeholder, filled as typing would.
    /// </summary>
    internal sealed class TextInputControl : SelectableControl
    {
        public TextInputControl(Selectable field) : base(field)
        {
        }

        string Text
        {
            get { return LoadedTypes.Get(Component, "text") as string ?? ""; }
        }

        bool ReadOnly
        {
            get { return LoadedTypes.Get(Component, "readOnly") as bool? ?? false; }
        }

        string Placeholder
        {
            get
            {
                var placeholder = LoadedTypes.Get(Component, "placeholder") as Component;
                return placeholder == null ? null : UiText.TextOf(placeholder);
            }
        }

        public override AccessibleInfo Accessibility()
        {
            AccessibleInfo info = base.Accessibility();
            info.Role = AriaRole.Textbox;
            info.Name = string.IsNullOrEmpty(Placeholder) ? ReadableName : Placeholder;
            info.Value = Text;
            info.ReadOnly = ReadOnly;
            return info;
        }

        public override IReadOnlyList<string> Actions
        {
            get { return FillOnly; }
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", Text);
            fields.Set("placeholder", Placeholder ?? "");
            fields.Set("editable", !ReadOnly);
            base.AddFields(fields);
        }

        public override ActionResult Perform(string action, ActionInput input)
        {
            return new ActionResult { Text = UguiTextEntry.Fill(Component, input.Text, input.Submit) };
        }
    }
}
