namespace AgentBridgeUnity.Core.Session
{
    /// <summary>Captures the screen for the screenshot command.</summary>
    internal interface IScreenshotter
    {
        /// <summary>
        /// Why screenshots cannot work in this run (e.g. -nographics), or null when they can.
        /// </summary>
        string UnavailableReason { get; }

        /// <summary>
        /// Starts capturing a PNG to <paramref name="path"/>, cropped to <paramref name="crop"/>
        /// (x, y, w, h from the top left) when given.
        /// </summary>
        IPendingCapture Capture(string path, double[] crop);
    }
}
