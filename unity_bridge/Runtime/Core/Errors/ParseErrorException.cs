namespace AgentBridgeUnity
{
    /// <summary>A request line that is not valid JSON or not UTF-8 (<c>PARSE_ERROR</c>).</summary>
    public sealed class ParseErrorException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public ParseErrorException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.ParseError"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.ParseError; }
        }
    }
}
