using System;
using System.Text;
using System.Text.RegularExpressions;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Json
{
    /// <summary>
    /// The id of a line that is refused unread, when the line starts with a complete, readable
    /// <c>{"id": ...,</c> (an integer of at most 15 digits, or a string of at most 64
    /// characters, followed by <c>,</c> or <c>}</c>), so the client that sent it can match the
    /// refusal to its request.
    /// </summary>
    internal static class LineHeadId
    {
        /// <summary>How many bytes of a line are looked at for its id.</summary>
        public const int HeadBytes = 256;

        /// <summary>How many first bytes name a line in an answer that cannot carry its id.</summary>
        public const int NamedBytes = 32;

        static readonly Regex IdPattern = new Regex(
            "^\\s*\\{\\s*\"id\"\\s*:\\s*(-?[0-9]{1,15}|\"(?:[^\"\\\\]|\\\\.){0,64}\")\\s*[,}]",
            RegexOptions.CultureInvariant);

        static readonly Encoding Lenient = new UTF8Encoding(false, false);

        /// <summary>The id at the start of <paramref name="head"/>, or null when none is readable.</summary>
        public static JToken Find(byte[] head, int start, int count)
        {
            if (head == null || count <= 0)
                return null;
            string text = Lenient.GetString(head, start, Math.Min(count, HeadBytes));
            Match found = IdPattern.Match(text);
            if (!found.Success || found.Groups[1].Value.IndexOf('\uFFFD') >= 0)
                return null;
            string raw = found.Groups[1].Value;
            if (raw[0] != '"')
                return new JValue(long.Parse(raw, System.Globalization.CultureInfo.InvariantCulture));
            try
            {
                return StrictJsonParser.Parse(raw);
            }
            catch (ParseException)
            {
                return null; // an escape that does not decode
            }
        }

        /// <summary>The first bytes of a line (at most <paramref name="limit"/>), kept to find its id or name it later.</summary>
        public static byte[] Copy(byte[] bytes, int start, int end, int limit = HeadBytes)
        {
            int count = Math.Max(0, Math.Min(end - start, limit));
            var head = new byte[count];
            Array.Copy(bytes, start, head, 0, count);
            return head;
        }
    }
}
