using System.Collections.Generic;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// Shared defaults of the UGUI controls: no actions, no extra fields, typed by component.
    /// </summary>
    internal abstract class UguiControlBase : IUguiControl
    {
        protected static readonly string[] NoActions = new string[0];
        protected static readonly string[] PressOnly = { NodeAction.Press };
        protected static readonly string[] FillOnly = { NodeAction.Fill };

        protected UguiControlBase(Component component)
        {
            Component = component;
        }

        protected Component Component { get; private set; }

        protected GameObject GameObject
        {
            get { return Component.gameObject; }
        }

        public virtual string TypeName
        {
            get { return Component.GetType().Name; }
        }

        public abstract AccessibleInfo Accessibility();

        public virtual IReadOnlyList<string> Actions
        {
            get { return NoActions; }
        }

        public virtual void AddFields(NodeFields fields)
        {
        }

        public virtual ActionResult Perform(string action, ActionInput input)
        {
            throw new InvalidArgsException(TypeName + " has no '" + action + "' action.");
        }
    }
}
