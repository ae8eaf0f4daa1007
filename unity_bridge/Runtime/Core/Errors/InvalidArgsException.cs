namespace AgentBridgeUnity
{
    /// <summary>
    /// A missing, unknown or wrongly typed argument, a value that does not convert, or an unknown
    /// property or method (<c>INVALID_ARGS</c>).
    /// </summary>
    public sealed class InvalidArgsException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public InvalidArgsException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.InvalidArgs"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.InvalidArgs; }
        }
    }
}
