namespace AgentBridgeUnity
{
    /// <summary>
    /// A bug in the bridge, or an error raised by the game's own handler (<c>INTERNAL</c>); the
    /// Python client raises <c>InternalBridgeError</c> for it.
    /// </summary>
    public class InternalBridgeException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public InternalBridgeException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.Internal"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.Internal; }
        }
    }
}
