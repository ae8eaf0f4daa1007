using AgentBridgeUnity.Core.Snapshot;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>A label, like UnityEngine.UI.Text (a heading when its node is named like one).</summary>
    internal sealed class SynText : SyntheticControl
    {
        public SynText(string text)
        {
            this.text = text;
        }

        public string text { get; set; }

        internal override string TypeName
        {
            get { return "Text"; }
        }

        internal override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo { Role = HeadingNames.RoleOf(Owner.Name), Name = text };
        }

        internal override void Describe(NodeFields fields)
        {
            fields.Set("text", text);
        }
    }
}
