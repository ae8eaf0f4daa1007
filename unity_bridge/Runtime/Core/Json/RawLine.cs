using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Json
{
    /// <summary>
    /// One complete line read from a command file: its text, or why it was refused before
    /// anything parsed it (a NUL byte, invalid UTF-8, longer than the cap).
    /// </summary>
    internal sealed class RawLine
    {
        RawLine(string content, AgentBridgeException refusal, JToken id)
        {
            Content = content;
            Refusal = refusal;
            Id = id;
        }

        /// <summary>The decoded line without its newline; null for a refused line.</summary>
        public string Content { get; private set; }

        /// <summary>Why the line was refused (PARSE_ERROR or INVALID_REQUEST), or null.</summary>
        public AgentBridgeException Refusal { get; private set; }

        /// <summary>The id a refused line's readable start named, or null.</summary>
        public JToken Id { get; private set; }

        public static RawLine Text(string content)
        {
            return new RawLine(content, null, null);
        }

        /// <summary>A line answered with <paramref name="refusal"/> and <paramref name="id"/> (may be null).</summary>
        public static RawLine Refused(AgentBridgeException refusal, JToken id)
        {
            return new RawLine(null, refusal, id);
        }
    }
}
