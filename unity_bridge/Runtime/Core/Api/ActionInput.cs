namespace AgentBridgeUnity
{
    /// <summary>The arguments of an action: the text for <c>fill</c> and whether to submit it.</summary>
    public sealed class ActionInput
    {
        /// <summary>The text to type (fill only).</summary>
        public string Text { get; set; }

        /// <summary>Also submit, as pressing Enter would (fill only).</summary>
        public bool Submit { get; set; }
    }
}
