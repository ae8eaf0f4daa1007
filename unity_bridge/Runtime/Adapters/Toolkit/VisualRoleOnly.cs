using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// An element whose only meaning for the snapshot is its role: an image, a list, a scroll view.
    /// </summary>
    internal sealed class VisualRoleOnly : VisualControl
    {
        readonly string _role;

        public VisualRoleOnly(VisualElement element, string role) : base(element)
        {
            _role = role;
        }

        public override AccessibleInfo Accessibility()
        {
            AccessibleInfo info = base.Accessibility();
            info.Role = _role;
            if (_role == AriaRole.Img || _role == AriaRole.Listbox)
                info.Name = LabelOr(null);
            return info;
        }
    }
}
