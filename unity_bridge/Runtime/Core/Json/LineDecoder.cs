using System;
using System.Globalization;
using System.Text;

namespace AgentBridgeUnity.Core.Json
{
    /// <summary>
    /// Turns the bytes of one complete line into a <see cref="RawLine"/>: blank lines are
    /// dropped, a trailing <c>\r</c> and a leading byte order mark are ignored, and a line with a
    /// NUL byte or invalid UTF-8 is refused with PARSE_ERROR (carrying its id when its start is
    /// readable), so one bad line never spoils its neighbours.
    /// </summary>
    internal static class LineDecoder
    {
        static readonly Encoding StrictUtf8 = new UTF8Encoding(false, true);

        /// <summary>The line in <c>bytes[start, start + count)</c>, or null for a blank line.</summary>
        public static RawLine Decode(byte[] bytes, int start, int count)
        {
            int lineStart = start;
            if (count > 0 && bytes[start + count - 1] == (byte)'\r')
                count--;
            byte[] head = LineHeadId.Copy(bytes, start, start + count, LineHeadId.NamedBytes);
            if (count >= 3 && bytes[start] == 0xEF && bytes[start + 1] == 0xBB && bytes[start + 2] == 0xBF)
            {
                start += 3;
                count -= 3;
            }
            if (IsBlank(bytes, start, count))
                return null;
            if (Array.IndexOf(bytes, (byte)0, start, count) >= 0)
                return Refuse(new ParseException("The line holds a NUL byte, which no JSON text has."),
                    bytes, lineStart, start + count, head);
            try
            {
                return RawLine.Text(StrictUtf8.GetString(bytes, start, count), head);
            }
            catch (DecoderFallbackException)
            {
                return Refuse(new ParseException("The line is not valid UTF-8."), bytes, lineStart, start + count, head);
            }
        }

        /// <summary>
        /// The refusal of a line of <paramref name="size"/> bytes, longer than
        /// <paramref name="limit"/>, that was skipped unread; <paramref name="head"/> holds its
        /// first bytes.
        /// </summary>
        public static RawLine TooLong(long size, byte[] head, int limit)
        {
            string sentence = String.Format(CultureInfo.InvariantCulture,
                "The line is {0} bytes; request lines are capped at {1} bytes and this one was not read.", size, limit);
            int kept = head == null ? 0 : head.Length;
            return RawLine.Refused(new InvalidRequestException(sentence), LineHeadId.Find(head, 0, kept),
                LineHeadId.Copy(head ?? new byte[0], 0, kept, LineHeadId.NamedBytes));
        }

        static RawLine Refuse(AgentBridgeException refusal, byte[] bytes, int start, int end, byte[] head)
        {
            return RawLine.Refused(refusal, LineHeadId.Find(bytes, start, end - start), head);
        }

        static bool IsBlank(byte[] bytes, int start, int count)
        {
            for (int i = start; i < start + count; i++)
            {
                byte b = bytes[i];
                if (b != (byte)' ' && b != (byte)'\t' && b != (byte)'\r')
                    return false;
            }
            return true;
        }
    }
}
