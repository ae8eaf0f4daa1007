namespace AgentBridgeUnity
{
    /// <summary>
    /// The protocol's error codes as they are written on the wire (docs/PROTOCOL.md, section 3),
    /// one named constant each: <c>throw AgentBridge.Fail(ErrorCodes.NotFound, "...")</c>. The same
    /// set as the Godot bridge's <c>CommandError</c> constants and the Python client's exceptions.
    /// </summary>
    public static class ErrorCodes
    {
        /// <summary><c>PARSE_ERROR</c>: the line is not valid JSON, or not UTF-8.</summary>
        public const string ParseError = "PARSE_ERROR";

        /// <summary><c>INVALID_REQUEST</c>: valid JSON but not a request.</summary>
        public const string InvalidRequest = "INVALID_REQUEST";

        /// <summary><c>UNKNOWN_COMMAND</c>: no command of that name.</summary>
        public const string UnknownCommand = "UNKNOWN_COMMAND";

        /// <summary><c>INVALID_ARGS</c>: a missing, unknown or wrongly typed argument.</summary>
        public const string InvalidArgs = "INVALID_ARGS";

        /// <summary><c>NOT_FOUND</c>: no node at that path; no such scene, level or item.</summary>
        public const string NotFound = "NOT_FOUND";

        /// <summary><c>STALE_REF</c>: a ref from an older snapshot, or whose node is gone.</summary>
        public const string StaleRef = "STALE_REF";

        /// <summary><c>NOT_INTERACTABLE</c>: an action on a disabled, hidden or covered control.</summary>
        public const string NotInteractable = "NOT_INTERACTABLE";

        /// <summary><c>TIMEOUT</c>: a wait (or an action with <c>settled</c>) ran past its timeout.</summary>
        public const string Timeout = "TIMEOUT";

        /// <summary><c>UNSUPPORTED</c>: the command exists but cannot work here.</summary>
        public const string Unsupported = "UNSUPPORTED";

        /// <summary><c>INTERNAL</c>: a bug in the bridge or an error raised by a game's handler.</summary>
        public const string Internal = "INTERNAL";

        /// <summary><c>CANCELLED</c>: a <c>cancel</c> request stopped the request while it ran.</summary>
        public const string Cancelled = "CANCELLED";
    }
}
