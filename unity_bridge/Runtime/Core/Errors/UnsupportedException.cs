namespace AgentBridgeUnity
{
    /// <summary>
    /// A command that exists but cannot work in this run, such as a screenshot without a graphics
    /// device (<c>UNSUPPORTED</c>).
    /// </summary>
    public sealed class UnsupportedException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public UnsupportedException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.Unsupported"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.Unsupported; }
        }
    }
}
