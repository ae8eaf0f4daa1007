using System.Collections.Generic;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// What a GameObject's main UI component makes of its node: type, role and states, the
    /// node-shape fields, the actions it takes and how it performs them.
    /// </summary>
    internal interface IUguiControl
    {
        string TypeName { get; }

        AccessibleInfo Accessibility();

        IReadOnlyList<string> Actions { get; }

        void AddFields(NodeFields fields);

        ActionResult Perform(string action, ActionInput input);
    }
}
