using System;

namespace AgentBridgeUnity.Core.Values
{
    /// <summary>
    /// A JSON value that does not convert to a target type. <see cref="Expected"/> names the
    /// accepted forms; callers turn it into INVALID_ARGS with the property or argument named.
    /// </summary>
    internal sealed class ValueConversionException : Exception
    {
        public ValueConversionException(string expected) : base("expected " + expected)
        {
            Expected = expected;
        }

        /// <summary>The accepted forms, e.g. <c>a number, or "NaN", "Infinity", "-Infinity"</c>.</summary>
        public string Expected { get; private set; }
    }
}
