using System;

namespace AgentBridgeUnity.Adapters.Bootstrap
{
    /// <summary>
    /// What the editor assembly plugs in: in the editor, quit ends play mode instead of doing
    /// nothing.
    /// </summary>
    internal static class EditorHooks
    {
        /// <summary>Set by the editor tools; null in players.</summary>
        public static Action<int> Quit { get; set; }
    }
}
