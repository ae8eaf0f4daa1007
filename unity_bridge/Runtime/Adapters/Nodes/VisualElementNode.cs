using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Toolkit;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary>
    /// A UI Toolkit element under a UIDocument's GameObject; its properties are the element's own.
    /// </summary>
    internal sealed class VisualElementNode : SceneNodeBase, IHasControl
    {
        readonly VisualElement _element;
        readonly VisualControl _control;

        public VisualElementNode(VisualElement element)
        {
            _element = element;
            _control = VisualControls.For(element);
        }

        public VisualElement Element
        {
            get { return _element; }
        }

        /// <summary>The element's control (a dropdown field, a slider...).</summary>
        public object Control
        {
            get { return _control; }
        }

        public override string Name
        {
            get { return _element.name; }
        }

        public override string TypeName
        {
            get { return _element.GetType().Name; }
        }

        /// <summary>The nearest UI Toolkit type, for elements of the game's own classes.</summary>
        public override string ClassName
        {
            get
            {
                System.Type type = _element.GetType();
                while (type.Namespace != "UnityEngine.UIElements" && type.BaseType != null)
                    type = type.BaseType;
                return type.Name;
            }
        }

        public override bool? Visible
        {
            get { return _element.visible && _element.resolvedStyle.display != DisplayStyle.None; }
        }

        public override object Target
        {
            get { return _element; }
        }

        public override bool Exists
        {
            get { return _element.panel != null; }
        }

        public override AccessibleInfo Accessibility
        {
            get { return _control.Accessibility(); }
        }

        public override IReadOnlyList<string> Actions
        {
            get { return _control.Actions; }
        }

        public override void Describe(NodeFields fields)
        {
            _control.AddFields(fields);
            fields.Set("rect", _element.worldBound);
        }

        public override IReadOnlyList<MemberHost> MemberHosts
        {
            get { return new[] { new MemberHost(TypeName, _element, true) }; }
        }

        public override ActionResult Perform(string action, ActionInput input)
        {
            return _control.Perform(action, input);
        }
    }
}
