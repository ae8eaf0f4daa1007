using System;
using System.Globalization;
using System.Text.RegularExpressions;
using AgentBridgeUnity.Core.Json;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// The names of session file segments (<c>resp.jsonl</c>, <c>resp.1.jsonl</c>, ...;
    /// <c>cmd.jsonl</c>, <c>cmd.1.jsonl</c>, ...) and the line <c>{"next": "resp.2.jsonl"}</c>
    /// that ends a segment and names the one that goes on.
    /// </summary>
    internal static class SegmentNames
    {
        /// <summary>How a "go on in another file" line starts, byte for byte.</summary>
        public const string NextMark = "{\"next\":";

        /// <summary>The response segments' kind.</summary>
        public const string Responses = "resp";

        /// <summary>The command segments' kind.</summary>
        public const string Commands = "cmd";

        static readonly Regex Numbered = new Regex("^(cmd|resp)\\.([1-9][0-9]{0,8})\\.jsonl$", RegexOptions.CultureInvariant);

        /// <summary><c>resp.jsonl</c> for segment 0, <c>resp.3.jsonl</c> for segment 3.</summary>
        public static string Of(string kind, int segment)
        {
            return segment == 0 ? kind + ".jsonl" : String.Format(CultureInfo.InvariantCulture, "{0}.{1}.jsonl", kind, segment);
        }

        /// <summary>The line that ends a segment and names the next.</summary>
        public static string NextLine(string kind, int segment)
        {
            var marker = new JObject();
            marker["next"] = Of(kind, segment);
            return WireJson.Serialize(marker);
        }

        /// <summary>
        /// The file name a <c>{"next": "cmd.N.jsonl"}</c> line of this kind names, or null for any
        /// other line.
        /// </summary>
        public static string NextOf(string line, string kind)
        {
            if (line == null || !line.StartsWith(NextMark, StringComparison.Ordinal))
                return null;
            JObject marker;
            try
            {
                marker = StrictJsonParser.Parse(line) as JObject;
            }
            catch (ParseException)
            {
                return null;
            }
            JToken name = marker == null ? null : marker["next"];
            if (name == null || name.Type != JTokenType.String)
                return null;
            Match found = Numbered.Match((string)name);
            return found.Success && found.Groups[1].Value == kind ? (string)name : null;
        }
    }
}
