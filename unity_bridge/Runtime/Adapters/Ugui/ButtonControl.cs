using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>A Button: role button, named by its label, pressed with a pointer click.</summary>
    internal sealed class ButtonControl : SelectableControl
    {
        public ButtonControl(Button button) : base(button)
        {
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", Label);
            base.AddFields(fields);
        }
    }
}
