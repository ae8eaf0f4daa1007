namespace AgentBridgeUnity
{
    /// <summary>The names of the protocol's node actions.</summary>
    public static class NodeAction
    {
        /// <summary>Activate a control (button, toggle) the way a player would.</summary>
        public const string Press = "press";

        /// <summary>Click anything that handles pointer clicks.</summary>
        public const string Click = "click";

        /// <summary>Replace the text of a text field.</summary>
        public const string Fill = "fill";
    }
}
