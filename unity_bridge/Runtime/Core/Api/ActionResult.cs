namespace AgentBridgeUnity
{
    /// <summary>What an action reports back.</summary>
    public sealed class ActionResult
    {
        /// <summary>The new state of a toggle after a press; null for plain buttons.</summary>
        public bool? Toggled { get; set; }

        /// <summary>The text of a field after a fill.</summary>
        public string Text { get; set; }
    }
}
