using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Ugui;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Snapshot;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary>
    /// A GameObject. Its main UI component (if any) decides its type, role, fields and actions;
    /// its properties and methods are the GameObject's and every component's; its signals are
    /// its components' UnityEvents; its digest state is its active flag, its local transform and
    /// its scripts' plain public fields.
    /// </summary>
    internal sealed class GameObjectNode : SceneNodeBase, IHasControl, IDigestState
    {
        static readonly string[] ClickOnly = { NodeAction.Click };
        static readonly string[] NoActions = new string[0];

        readonly GameObject _gameObject;
        readonly List<Component> _components = new List<Component>();
        readonly IUguiControl _control;

        public GameObjectNode(GameObject gameObject)
        {
            _gameObject = gameObject;
            gameObject.GetComponents(_components);
            _control = UguiControls.For(gameObject, _components);
        }

        public GameObject GameObject
        {
            get { return _gameObject; }
        }

        /// <summary>The main UI component's control (a dropdown, a slider...), or null.</summary>
        public object Control
        {
            get { return _control; }
        }

        public override string Name
        {
            get { return _gameObject.name; }
        }

        public override string TypeName
        {
            get { return _control != null ? _control.TypeName : MainComponentName(); }
        }

        public override string ClassName
        {
            get { return "GameObject"; }
        }

        public override bool? Visible
        {
            get { return _gameObject != null && _gameObject.activeInHierarchy; }
        }

        public override object Target
        {
            get { return _gameObject; }
        }

        public override bool Exists
        {
            get { return _gameObject != null; }
        }

        bool Clickable
        {
            get { return _control == null && PointerClicker.HandlesClicks(_gameObject); }
        }

        public override AccessibleInfo Accessibility
        {
            get
            {
                if (_control != null)
                    return _control.Accessibility();
                if (!Clickable)
                    return new AccessibleInfo { Role = AriaRole.Generic, Name = "" };
                return new AccessibleInfo
                {
                    Role = AriaRole.Generic, Name = ReadableName.Of(_gameObject.name), Interactive = true,
                    ClassHint = GameScripts.FirstName(_components),
                };
            }
        }

        public override IReadOnlyList<string> Actions
        {
            get { return _control != null ? _control.Actions : Clickable ? ClickOnly : NoActions; }
        }

        public override void Describe(NodeFields fields)
        {
            if (_control != null)
                _control.AddFields(fields);
            Rect? rect = ScreenRects.Of(_gameObject);
            if (rect.HasValue)
                fields.Set("rect", rect.Value);
            else
            {
                fields.Set("position", _gameObject.transform.localPosition);
                fields.Set("global_position", _gameObject.transform.position);
            }
            fields.Set("components", ComponentNames());
            Dictionary<string, object> props = ScriptProps.Of(_components);
            if (props.Count > 0)
                fields.Set("props", props);
        }

        public bool AddDigestFields(NodeFields fields)
        {
            Transform transform = _gameObject.transform;
            fields.Set("active", _gameObject.activeSelf);
            fields.Set("position", transform.localPosition);
            fields.Set("rotation", transform.localRotation);
            fields.Set("scale", transform.localScale);
            Dictionary<string, object> props = ScriptProps.Of(_components);
            if (props.Count > 0)
                fields.Set("props", props);
            return true;
        }

        public override IReadOnlyList<MemberHost> MemberHosts
        {
            get { return ComponentHosts.Of(_gameObject, _components); }
        }

        public override IReadOnlyList<SignalInfo> Signals
        {
            get { return UnityEventSignals.Of(_components); }
        }

        public override ActionResult Perform(string action, ActionInput input)
        {
            if (action == NodeAction.Click)
            {
                PointerClicker.Click(_gameObject, input);
                return new ActionResult();
            }
            return _control.Perform(action, input);
        }

        List<string> ComponentNames()
        {
            var names = new List<string>();
            foreach (Component component in _components)
                names.Add(component == null ? "(missing script)" : component.GetType().Name);
            return names;
        }

        /// <summary>The first component that is not a transform or a canvas renderer, else <c>GameObject</c>.</summary>
        string MainComponentName()
        {
            foreach (Component component in _components)
            {
                if (component != null && !(component is Transform) && !(component is CanvasRenderer))
                    return component.GetType().Name;
            }
            return "GameObject";
        }
    }
}
