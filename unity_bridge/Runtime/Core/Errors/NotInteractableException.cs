namespace AgentBridgeUnity
{
    /// <summary>
    /// An action on a disabled, hidden, read-only or covered control (<c>NOT_INTERACTABLE</c>).
    /// </summary>
    public sealed class NotInteractableException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public NotInteractableException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.NotInteractable"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.NotInteractable; }
        }
    }
}
