namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>
    /// The caps on what a request may ask for (docs/PROTOCOL.md, sections 5 and 8), the same as
    /// the Godot bridge's: beyond them a value is a mistake, not a wish, and is INVALID_ARGS.
    /// </summary>
    internal static class Limits
    {
        /// <summary>Frames a <c>wait</c>, <c>step</c> or <c>step_until</c> may ask for.</summary>
        public const int MaxFrames = 1000000;

        /// <summary>The longest <c>timeout_ms</c> of a wait or an action (10 minutes).</summary>
        public const int MaxTimeoutMs = 600000;

        /// <summary>The most <c>quiet_frames</c> a settled wait may ask for.</summary>
        public const int MaxQuietFrames = 1000;

        /// <summary>The most entries an <c>input_sequence</c> may have.</summary>
        public const int MaxTimelineEntries = 10000;

        /// <summary>How far from the origin a point's coordinates may be, in pixels.</summary>
        public const double MaxCoordinate = 1e6;

        /// <summary>The <c>timeout_ms</c> of a wait or an action by default.</summary>
        public const int DefaultTimeoutMs = 5000;

        /// <summary>An argument spec for <c>timeout_ms</c>.</summary>
        public static ArgSpec TimeoutMs(string description = null)
        {
            return ArgSpec.Of("integer", description).WithDefault(DefaultTimeoutMs).Within(0, MaxTimeoutMs);
        }

        /// <summary>An argument spec for a point coordinate (<c>x</c> or <c>y</c>).</summary>
        public static ArgSpec Coordinate(string description = null)
        {
            return ArgSpec.Of("number", description).AsOptional().Within(-MaxCoordinate, MaxCoordinate);
        }
    }
}
