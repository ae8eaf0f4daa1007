using System;

namespace AgentBridgeUnity
{
    /// <summary>The former name of <see cref="CommandTimeoutException"/>; it still fails with <c>TIMEOUT</c>.</summary>
    [Obsolete("Use CommandTimeoutException, the name the Python client (CommandTimeoutError) and the protocol use.")]
    public sealed class WaitTimeoutException : CommandTimeoutException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public WaitTimeoutException(string message) : base(message)
        {
        }
    }
}
