namespace AgentBridgeUnity
{
    /// <summary>
    /// The error codes of the AgentBridge protocol (docs/PROTOCOL.md, section 3). Every failure
    /// response carries exactly one of them, written in UPPER_SNAKE form on the wire.
    /// </summary>
    public enum ErrorCode
    {
        /// <summary>The line is not valid JSON, or not UTF-8 (<c>PARSE_ERROR</c>).</summary>
        ParseError,

        /// <summary>Valid JSON but not a request (<c>INVALID_REQUEST</c>).</summary>
        InvalidRequest,

        /// <summary>No command of that name (<c>UNKNOWN_COMMAND</c>).</summary>
        UnknownCommand,

        /// <summary>A missing, unknown or wrongly typed argument (<c>INVALID_ARGS</c>).</summary>
        InvalidArgs,

        /// <summary>No node at that path; no such scene, level or item (<c>NOT_FOUND</c>).</summary>
        NotFound,

        /// <summary>A ref from an older snapshot, or whose node is gone (<c>STALE_REF</c>).</summary>
        StaleRef,

        /// <summary>
        /// An action on a disabled, hidden, read-only or covered control (<c>NOT_INTERACTABLE</c>).
        /// </summary>
        NotInteractable,

        /// <summary>A wait ran past its <c>timeout_ms</c> (<c>TIMEOUT</c>).</summary>
        Timeout,

        /// <summary>The command exists but cannot work here (<c>UNSUPPORTED</c>).</summary>
        Unsupported,

        /// <summary>A bug in the bridge or an error raised by a game's handler (<c>INTERNAL</c>).</summary>
        Internal,

        /// <summary>A <c>cancel</c> request stopped the request while it ran (<c>CANCELLED</c>).</summary>
        Cancelled,
    }
}
