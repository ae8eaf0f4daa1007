namespace AgentBridgeUnity
{
    /// <summary>
    /// A bug in the bridge, or an error raised by the game's own handler (<c>INTERNAL</c>).
    /// </summary>
    public sealed class InternalErrorException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public InternalErrorException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.Internal"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.Internal; }
        }
    }
}
