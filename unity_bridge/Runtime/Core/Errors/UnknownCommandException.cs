namespace AgentBridgeUnity
{
    /// <summary>No command of that name; the sentence lists close names (<c>UNKNOWN_COMMAND</c>).</summary>
    public sealed class UnknownCommandException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public UnknownCommandException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.UnknownCommand"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.UnknownCommand; }
        }
    }
}
