using System;

namespace AgentBridgeUnity
{
    /// <summary>The former name of <see cref="InternalBridgeException"/>; it still fails with <c>INTERNAL</c>.</summary>
    [Obsolete("Use InternalBridgeException, the name the Python client (InternalBridgeError) uses.")]
    public sealed class InternalErrorException : InternalBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public InternalErrorException(string message) : base(message)
        {
        }
    }
}
