namespace AgentBridgeUnity
{
    /// <summary>A request that a <c>cancel</c> request stopped while it ran (<c>CANCELLED</c>); the Python client raises <c>RequestCancelledError</c> for it.</summary>
    public class RequestCancelledException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public RequestCancelledException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.Cancelled"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.Cancelled; }
        }
    }
}
