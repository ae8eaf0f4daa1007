namespace AgentBridgeUnity
{
    /// <summary>
    /// Valid JSON that is not a request: not an object, no string <c>cmd</c>, a bad <c>id</c> or
    /// non-object <c>args</c> (<c>INVALID_REQUEST</c>).
    /// </summary>
    public sealed class InvalidRequestException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public InvalidRequestException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.InvalidRequest"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.InvalidRequest; }
        }
    }
}
