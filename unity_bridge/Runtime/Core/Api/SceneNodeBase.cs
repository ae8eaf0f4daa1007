using System;
using System.Collections.Generic;

namespace AgentBridgeUnity
{
    /// <summary>
    /// A convenient base for <see cref="ISceneNode"/>: a plain, always-existing, non-interactive
    /// node with no properties. Override what your node has.
    /// </summary>
    public abstract class SceneNodeBase : ISceneNode
    {
        static readonly string[] NoActions = new string[0];
        static readonly MemberHost[] NoHosts = new MemberHost[0];
        static readonly SignalInfo[] NoSignals = new SignalInfo[0];

        /// <summary>The node's own name.</summary>
        public abstract string Name { get; }

        /// <summary>The type shown as <c>type</c>.</summary>
        public abstract string TypeName { get; }

        /// <summary>The engine object behind the node.</summary>
        public abstract object Target { get; }

        /// <summary>The engine class; by default the same as <see cref="TypeName"/>.</summary>
        public virtual string ClassName
        {
            get { return TypeName; }
        }

        /// <summary>Null by default: the node inherits its parent's visibility.</summary>
        public virtual bool? Visible
        {
            get { return null; }
        }

        /// <summary>True by default.</summary>
        public virtual bool Exists
        {
            get { return true; }
        }

        /// <summary>A <c>generic</c> node named after <see cref="Name"/> by default.</summary>
        public virtual AccessibleInfo Accessibility
        {
            get { return new AccessibleInfo { Role = AriaRole.Generic, Name = Name }; }
        }

        /// <summary>No actions by default.</summary>
        public virtual IReadOnlyList<string> Actions
        {
            get { return NoActions; }
        }

        /// <summary>No per-type fields by default.</summary>
        public virtual void Describe(NodeFields fields)
        {
        }

        /// <summary>No properties by default.</summary>
        public virtual IReadOnlyList<MemberHost> MemberHosts
        {
            get { return NoHosts; }
        }

        /// <summary>No events by default.</summary>
        public virtual IReadOnlyList<SignalInfo> Signals
        {
            get { return NoSignals; }
        }

        /// <summary>Refuses every action by default.</summary>
        public virtual ActionResult Perform(string action, ActionInput input)
        {
            throw new InvalidArgsException(String.Format("{0} ({1}) has no '{2}' action.", Name, TypeName, action));
        }
    }
}
