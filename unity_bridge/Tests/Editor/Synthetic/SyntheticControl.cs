using System.Collections.Generic;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// The state of a synthetic node, shaped like a Unity UI component: its public properties
    /// and methods are what get_property, set_property and call_method reach by reflection.
    /// Bridge-facing members are internal so reflection does not list them as properties.
    /// </summary>
    internal abstract class SyntheticControl
    {
        static readonly string[] NoActions = new string[0];

        internal SyntheticNode Owner { get; set; }

        internal abstract string TypeName { get; }

        /// <summary>Mirrors GameObject.activeSelf.</summary>
        public bool activeSelf
        {
            get { return Owner.Active; }
            set { Owner.Active = value; }
        }

        internal abstract AccessibleInfo Accessibility();

        internal virtual IReadOnlyList<string> Actions
        {
            get { return NoActions; }
        }

        internal virtual void Describe(NodeFields fields)
        {
        }

        internal virtual IReadOnlyList<SignalInfo> Signals()
        {
            return new SignalInfo[0];
        }

        internal virtual ActionResult Perform(string action, ActionInput input)
        {
            throw new InvalidArgsException(TypeName + " has no '" + action + "' action.");
        }

        /// <summary>Raises an event from this node (through the public AgentBridge.Emit).</summary>
        internal void Raise(string type, object payload = null)
        {
            AgentBridge.EmitEvent(type, payload, Owner.Path);
        }
    }
}
