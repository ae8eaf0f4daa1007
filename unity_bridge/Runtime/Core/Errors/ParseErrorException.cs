using System;

namespace AgentBridgeUnity
{
    /// <summary>The former name of <see cref="ParseException"/>; it still fails with <c>PARSE_ERROR</c>.</summary>
    [Obsolete("Use ParseException, the name the Python client (ParseError) uses.")]
    public sealed class ParseErrorException : ParseException
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        public ParseErrorException(string message) : base(message)
        {
        }
    }
}
