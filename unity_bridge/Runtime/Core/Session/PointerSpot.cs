namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// Where a pointer acts: the engine object under it (null for empty space) and the screen
    /// point (pixels, top-left origin), or no point when the host has no screen.
    /// </summary>
    internal sealed class PointerSpot
    {
        public PointerSpot(object target, double[] point)
        {
            Target = target;
            Point = point;
        }

        /// <summary>The engine object the pointer is over, or null.</summary>
        public object Target { get; private set; }

        /// <summary><c>[x, y]</c> on screen, or null when the host has no screen.</summary>
        public double[] Point { get; private set; }
    }
}
