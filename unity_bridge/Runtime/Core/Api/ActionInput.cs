namespace AgentBridgeUnity
{
    /// <summary>The arguments of an action: the text for <c>fill</c>, the button for <c>click</c>.</summary>
    public sealed class ActionInput
    {
        /// <summary>The text to type (fill only).</summary>
        public string Text { get; set; }

        /// <summary>Also submit, as pressing Enter would (fill only).</summary>
        public bool Submit { get; set; }

        /// <summary>
        /// The mouse button: <c>left</c>, <c>right</c> or <c>middle</c> (click only; default left).
        /// </summary>
        public string Button { get; set; }

        /// <summary>A double click (click only).</summary>
        public bool Double { get; set; }
    }
}
