using System.Collections.Generic;

namespace AgentBridgeUnity
{
    /// <summary>
    /// One node of the tree the bridge exposes: a scene, a GameObject, a UI Toolkit element or
    /// anything a game's own <see cref="ISceneWalker"/> reports. The bridge's engine-independent
    /// core (paths, get_tree, snapshots, refs, properties, actions) works only through this
    /// interface. Derive from <see cref="SceneNodeBase"/> rather than implementing it from scratch.
    /// </summary>
    public interface ISceneNode
    {
        /// <summary>The node's own name; the bridge makes it unique among its siblings for paths.</summary>
        string Name { get; }

        /// <summary>
        /// The most specific type worth showing (<c>type</c> in get_tree), e.g. <c>Button</c>.
        /// </summary>
        string TypeName { get; }

        /// <summary>
        /// The engine class behind the node (<c>class</c> in get_tree), e.g. <c>GameObject</c>.
        /// </summary>
        string ClassName { get; }

        /// <summary>
        /// The node's own visibility, or null when the node has none (then it inherits its
        /// parent's).
        /// </summary>
        bool? Visible { get; }

        /// <summary>The engine object behind the node; refs and object references compare it.</summary>
        object Target { get; }

        /// <summary>False once the engine object was destroyed.</summary>
        bool Exists { get; }

        /// <summary>Role, accessible name and states for the snapshot.</summary>
        AccessibleInfo Accessibility { get; }

        /// <summary>
        /// The protocol actions that apply to this node (<c>press</c>, <c>click</c>, <c>fill</c>).
        /// </summary>
        IReadOnlyList<string> Actions { get; }

        /// <summary>Adds the per-type fields of the node shape (text, disabled, rect, props...).</summary>
        void Describe(NodeFields fields);

        /// <summary>The objects whose public members are this node's properties and methods.</summary>
        IReadOnlyList<MemberHost> MemberHosts { get; }

        /// <summary>The node's events and what listens to them (get_signals).</summary>
        IReadOnlyList<SignalInfo> Signals { get; }

        /// <summary>
        /// Runs one of <see cref="Actions"/>. The bridge has already checked that the node is
        /// visible and enabled; throw an <see cref="AgentBridgeException"/> to refuse.
        /// </summary>
        ActionResult Perform(string action, ActionInput input);
    }
}
