using System.Collections.Generic;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// A Foldout: a group that expands and collapses when its header (its toggle) is clicked.
    /// </summary>
    internal sealed class VisualFoldout : VisualControl
    {
        readonly Foldout _foldout;

        public VisualFoldout(Foldout foldout) : base(foldout)
        {
            _foldout = foldout;
        }

        public override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = AriaRole.Group, Name = LabelOr(_foldout.text), Interactive = true, Disabled = Disabled, Expanded = _foldout.value,
            };
        }

        public override IReadOnlyList<string> Actions
        {
            get { return PressOnly; }
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", _foldout.text);
            fields.Set("expanded", _foldout.value);
        }

        public override ActionResult Perform(string action, ActionInput input)
        {
            VisualInput.Click(_foldout, _foldout.Q<Toggle>());
            return new ActionResult { Toggled = _foldout.value };
        }
    }
}
