using System;

namespace AgentBridgeUnity
{
    /// <summary>The former name of <see cref="RequestCancelledException"/>; it still fails with <c>CANCELLED</c>.</summary>
    [Obsolete("Use RequestCancelledException, the name the Python client (RequestCancelledError) uses.")]
    public sealed class CancelledException : RequestCancelledException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public CancelledException(string message) : base(message)
        {
        }
    }
}
