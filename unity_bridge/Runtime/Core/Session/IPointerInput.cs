namespace AgentBridgeUnity.Core.Session
{
    /// <summary>Pointer input at screen points, for click with <c>x</c> and <c>y</c>.</summary>
    internal interface IPointerInput
    {
        /// <summary>
        /// Clicks at a screen point (top-left origin); returns the engine object that took the
        /// click, or null.
        /// </summary>
        object ClickAt(double x, double y, ActionInput input);
    }
}
