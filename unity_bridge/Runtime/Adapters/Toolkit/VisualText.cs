using AgentBridgeUnity.Core.Snapshot;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>A Label or other text element: role text, named by its text.</summary>
    internal sealed class VisualText : VisualControl
    {
        readonly TextElement _text;

        public VisualText(TextElement text) : base(text)
        {
            _text = text;
        }

        public override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo { Role = HeadingNames.RoleOf(_text.name), Name = _text.text };
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", _text.text);
        }
    }
}
