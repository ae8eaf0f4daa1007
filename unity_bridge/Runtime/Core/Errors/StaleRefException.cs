namespace AgentBridgeUnity
{
    /// <summary>
    /// A snapshot ref that is not in the latest snapshot, or whose object is gone
    /// (<c>STALE_REF</c>).
    /// </summary>
    public sealed class StaleRefException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public StaleRefException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.StaleRef"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.StaleRef; }
        }
    }
}
