using System.Collections.Generic;
using AgentBridgeUnity.Core.Snapshot;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// What a UI Toolkit element is for the bridge: role and states, node-shape fields and
    /// actions. This base describes a plain element, interactive (clickable) when it is focusable
    /// and picks the pointer; subclasses describe the built-in controls.
    /// </summary>
    internal class VisualControl
    {
        protected static readonly string[] NoActions = new string[0];
        protected static readonly string[] PressOnly = { NodeAction.Press };
        protected static readonly string[] ClickOnly = { NodeAction.Click };
        protected static readonly string[] FillOnly = { NodeAction.Fill };

        public VisualControl(VisualElement element)
        {
            Element = element;
        }

        protected VisualElement Element { get; private set; }

        protected bool Disabled
        {
            get { return !Element.enabledInHierarchy; }
        }

        /// <summary>Plain elements act only when a player could reach them: focusable and pickable.</summary>
        bool Clickable
        {
            get { return Element.focusable && Element.pickingMode == PickingMode.Position; }
        }

        /// <summary>A field's label, else the element's name made readable.</summary>
        protected string LabelOr(string label)
        {
            return string.IsNullOrEmpty(label) ? ReadableName.Of(Element.name) : label;
        }

        /// <summary>Plain elements are named only when a player can act on them.</summary>
        public virtual AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = AriaRole.Generic, Name = Clickable ? ReadableName.Of(Element.name) : "", Interactive = Clickable,
                Disabled = Clickable && Disabled,
            };
        }

        public virtual IReadOnlyList<string> Actions
        {
            get { return Clickable ? ClickOnly : NoActions; }
        }

        public virtual void AddFields(NodeFields fields)
        {
            if (Clickable)
                fields.Set("disabled", Disabled);
        }

        public virtual ActionResult Perform(string action, ActionInput input)
        {
            VisualInput.Click(Element);
            return new ActionResult();
        }
    }
}
