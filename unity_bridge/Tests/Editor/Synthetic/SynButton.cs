using AgentBridgeUnity.Core.Events;
using System.Collections.Generic;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>A push button, like UnityEngine.UI.Button with a label.</summary>
    internal sealed class SynButton : SyntheticControl
    {
        static readonly string[] ButtonActions = { NodeAction.Press };

        public SynButton(string text)
        {
            this.text = text;
            interactable = true;
            onClick = new SyntheticEvent("onClick");
        }

        public string text { get; set; }
        public bool interactable { get; set; }
        public int pressCount { get; private set; }
        internal SyntheticEvent onClick { get; private set; }

        /// <summary>A private method, for the rule that keeps non-public members closed.</summary>
        void ResetPresses()
        {
            pressCount = 0;
        }

        internal override string TypeName
        {
            get { return "Button"; }
        }

        internal override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo { Role = AriaRole.Button, Name = text, Interactive = true, Disabled = !interactable };
        }

        internal override IReadOnlyList<string> Actions
        {
            get { return ButtonActions; }
        }

        internal override void Describe(NodeFields fields)
        {
            fields.Set("text", text);
            fields.Set("disabled", !interactable);
        }

        internal override IReadOnlyList<SignalInfo> Signals()
        {
            return new[] { onClick.Describe(TypeName) };
        }

        internal override ActionResult Perform(string action, ActionInput input)
        {
            pressCount++;
            Raise(EventNames.Pressed);
            return new ActionResult();
        }
    }
}
