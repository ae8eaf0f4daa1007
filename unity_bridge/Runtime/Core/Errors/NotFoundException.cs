namespace AgentBridgeUnity
{
    /// <summary>No node at that path, or no such scene, level or item (<c>NOT_FOUND</c>).</summary>
    public sealed class NotFoundException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public NotFoundException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.NotFound"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.NotFound; }
        }
    }
}
