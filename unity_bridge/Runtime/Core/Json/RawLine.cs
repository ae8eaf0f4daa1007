namespace AgentBridgeUnity.Core.Json
{
    /// <summary>One complete line read from cmd.jsonl: its text, or the fact it was not UTF-8.</summary>
    internal sealed class RawLine
    {
        RawLine(string content, bool isUtf8)
        {
            Content = content;
            IsUtf8 = isUtf8;
        }

        /// <summary>The decoded line without its newline; null when it was not UTF-8.</summary>
        public string Content { get; private set; }

        /// <summary>False when the bytes were not valid UTF-8.</summary>
        public bool IsUtf8 { get; private set; }

        public static RawLine Text(string content)
        {
            return new RawLine(content, true);
        }

        public static RawLine InvalidUtf8()
        {
            return new RawLine(null, false);
        }
    }
}
