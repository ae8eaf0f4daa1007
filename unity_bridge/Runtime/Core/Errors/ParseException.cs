namespace AgentBridgeUnity
{
    /// <summary>A request line that is not valid JSON or not UTF-8 (<c>PARSE_ERROR</c>); the Python client raises <c>ParseError</c> for it.</summary>
    public class ParseException : AgentBridgeException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public ParseException(string message) : base(message)
        {
        }

        /// <summary>Always <see cref="ErrorCode.ParseError"/>.</summary>
        public override ErrorCode Code
        {
            get { return ErrorCode.ParseError; }
        }
    }
}
