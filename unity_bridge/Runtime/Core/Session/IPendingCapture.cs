namespace AgentBridgeUnity.Core.Session
{
    /// <summary>A screenshot under way (the engine captures at the end of a frame).</summary>
    internal interface IPendingCapture
    {
        bool IsDone { get; }
        int Width { get; }
        int Height { get; }

        /// <summary>Why the capture failed, or null.</summary>
        string Error { get; }
    }
}
