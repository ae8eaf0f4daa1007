using System.Text;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Json
{
    /// <summary>
    /// One complete line read from a command file: its text, or why it was refused before
    /// anything parsed it (a NUL byte, invalid UTF-8, longer than the cap); and its first bytes,
    /// which an answer that cannot carry the line's id names it by.
    /// </summary>
    internal sealed class RawLine
    {
        readonly byte[] _head;

        RawLine(string content, AgentBridgeException refusal, JToken id, byte[] head)
        {
            Content = content;
            Refusal = refusal;
            Id = id;
            _head = head ?? new byte[0];
        }

        /// <summary>The decoded line without its newline; null for a refused line.</summary>
        public string Content { get; private set; }

        /// <summary>Why the line was refused (PARSE_ERROR or INVALID_REQUEST), or null.</summary>
        public AgentBridgeException Refusal { get; private set; }

        /// <summary>The id a refused line's readable start named, or null.</summary>
        public JToken Id { get; private set; }

        /// <summary>
        /// The line's first <see cref="LineHeadId.NamedBytes"/> bytes (without its line ending)
        /// as lowercase hex: an answer that cannot carry the line's id carries this as
        /// <c>head</c>, so the client that wrote the line knows the answer is its own.
        /// </summary>
        public string Head
        {
            get
            {
                var hex = new StringBuilder(_head.Length * 2);
                foreach (byte b in _head)
                    hex.Append(b.ToString("x2", System.Globalization.CultureInfo.InvariantCulture));
                return hex.ToString();
            }
        }

        /// <summary>A line of text; <paramref name="head"/>: its first bytes (see <see cref="Head"/>).</summary>
        public static RawLine Text(string content, byte[] head = null)
        {
            return new RawLine(content, null, null, head);
        }

        /// <summary>A line answered with <paramref name="refusal"/> and <paramref name="id"/> (may be null).</summary>
        public static RawLine Refused(AgentBridgeException refusal, JToken id, byte[] head = null)
        {
            return new RawLine(null, refusal, id, head);
        }
    }
}
