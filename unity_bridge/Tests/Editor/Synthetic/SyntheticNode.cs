using System.Collections.Generic;
using AgentBridgeUnity.Core.Scene;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// A node of the synthetic scene: a name, an active flag, children and at most one control
    /// holding its state, like a GameObject with one UI component. It lets the engine-independent
    /// core run (in tests and in the console host) without Unity.
    /// </summary>
    internal sealed class SyntheticNode : SceneNodeBase, IHasControl, IDigestState
    {
        readonly string _name;
        readonly string _typeOverride;
        readonly List<SyntheticNode> _children = new List<SyntheticNode>();

        /// <param name="typeName">A fixed type for structural nodes ("Root", "Scene"), which have
        /// no visibility.</param>
        public SyntheticNode(string name, SyntheticControl control = null, string typeName = null)
        {
            _name = name;
            Active = true;
            Control = control;
            _typeOverride = typeName;
            if (control != null)
                control.Owner = this;
        }

        public SyntheticNode Parent { get; private set; }
        public SyntheticControl Control { get; private set; }

        object IHasControl.Control
        {
            get { return Control; }
        }
        public bool Active { get; set; }
        public bool Destroyed { get; private set; }

        /// <summary>
        /// The accessible name of a structural node (the game's name for the root); default: its
        /// name.
        /// </summary>
        public string Label { get; set; }

        public List<SyntheticNode> ChildNodes
        {
            get { return _children; }
        }

        public SyntheticNode Add(SyntheticNode child)
        {
            child.Parent = this;
            _children.Add(child);
            return child;
        }

        /// <summary>Adds <paramref name="child"/> at <paramref name="index"/> among the children.</summary>
        public SyntheticNode Insert(int index, SyntheticNode child)
        {
            child.Parent = this;
            _children.Insert(index, child);
            return child;
        }

        public void Remove(SyntheticNode child)
        {
            _children.Remove(child);
            child.Parent = null;
            child.MarkDestroyed();
        }

        void MarkDestroyed()
        {
            Destroyed = true;
            foreach (SyntheticNode child in _children)
                child.MarkDestroyed();
        }

        /// <summary>
        /// The path the bridge gives this node (synthetic scenes keep sibling names unique).
        /// </summary>
        public string Path
        {
            get { return Parent == null ? "/root" : Parent.Path + "/" + _name; }
        }

        public override string Name
        {
            get { return _name; }
        }

        public override string TypeName
        {
            get { return _typeOverride ?? (Control != null ? Control.TypeName : "GameObject"); }
        }

        public override string ClassName
        {
            get { return _typeOverride ?? "GameObject"; }
        }

        public override bool? Visible
        {
            get { return _typeOverride == null ? Active : (bool?)null; }
        }

        public override object Target
        {
            get { return this; }
        }

        public override bool Exists
        {
            get { return !Destroyed; }
        }

        public override AccessibleInfo Accessibility
        {
            get
            {
                if (Control != null)
                    return Control.Accessibility();
                if (_typeOverride == "Root")
                    return new AccessibleInfo { Role = AriaRole.Application, Name = Label ?? _name };
                if (_typeOverride == "Scene")
                    return new AccessibleInfo { Role = AriaRole.Region, Name = _name };
                return new AccessibleInfo { Role = AriaRole.Generic, Name = "" };
            }
        }

        public override IReadOnlyList<string> Actions
        {
            get { return Control != null ? Control.Actions : base.Actions; }
        }

        public override void Describe(NodeFields fields)
        {
            if (Control != null)
                Control.Describe(fields);
        }

        public override IReadOnlyList<MemberHost> MemberHosts
        {
            get
            {
                if (Control == null)
                    return base.MemberHosts;
                return new[] { new MemberHost(Control.TypeName, Control, true) };
            }
        }

        public override IReadOnlyList<SignalInfo> Signals
        {
            get { return Control != null ? Control.Signals() : base.Signals; }
        }

        public override ActionResult Perform(string action, ActionInput input)
        {
            return Control != null ? Control.Perform(action, input) : base.Perform(action, input);
        }

        /// <summary>Like a GameObject's: the active flag and the control's fields (its transform and script fields).</summary>
        public bool AddDigestFields(NodeFields fields)
        {
            if (_typeOverride != null)
                return false;
            fields.Set("active", Active);
            if (Control != null)
                Control.Describe(fields);
            return true;
        }
    }
}
