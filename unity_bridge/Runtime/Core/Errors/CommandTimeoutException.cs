namespace AgentBridgeUnity
{
    /// <summary>
    /// A wait, or an action with <c>settled</c>, that ran past its <c>timeout_ms</c>
    /// (<c>TIMEOUT</c>); the Python client raises <c>CommandTimeoutError</c> for it. Named so that
    /// it does not shadow <see cref="System.TimeoutException"/>.
    /// </summary>
    public class CommandTimeoutException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public CommandTimeoutException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.Timeout"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.Timeout; }
        }
    }
}
