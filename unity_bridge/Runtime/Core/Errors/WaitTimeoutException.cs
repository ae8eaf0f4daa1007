namespace AgentBridgeUnity
{
    /// <summary>
    /// A wait that ran past its <c>timeout_ms</c> (<c>TIMEOUT</c>). Named so that it does not
    /// shadow <see cref="System.TimeoutException"/>.
    /// </summary>
    public sealed class WaitTimeoutException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public WaitTimeoutException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.Timeout"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.Timeout; }
        }
    }
}
