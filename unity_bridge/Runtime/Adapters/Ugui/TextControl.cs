using AgentBridgeUnity.Core.Snapshot;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>A Text or TextMeshPro label: role text (heading when named like one), named by its text.</summary>
    internal sealed class TextControl : UguiControlBase
    {
        public TextControl(Component text) : base(text)
        {
        }

        string Text
        {
            get { return UiText.TextOf(Component) ?? ""; }
        }

        public override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo { Role = HeadingNames.RoleOf(GameObject.name), Name = Text };
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", Text);
        }
    }
}
