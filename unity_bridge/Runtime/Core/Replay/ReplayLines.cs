using System;
using System.Collections.Generic;
using System.Text.RegularExpressions;
using AgentBridgeUnity.Core.Json;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Replay
{
    /// <summary>
    /// Checks a chunk of replay-file lines (docs/REPLAY.md, "The file") before any of it is
    /// played, so a malformed file is refused whole and changes nothing: each line an object with
    /// a known <c>t</c> and a whole frame <c>f</c> inside the chunk's frames, and the fields its
    /// type needs.
    /// </summary>
    internal static class ReplayLines
    {
        static readonly HashSet<string> Types = new HashSet<string>
        {
            "check", "input", "request", "cancel", "window", "event", "end",
        };

        static readonly Regex Digest = new Regex("^[0-9a-f]{16}$", RegexOptions.CultureInvariant);
        static readonly Regex FieldHashes = new Regex("^([0-9a-f]{4})*$", RegexOptions.CultureInvariant);

        /// <summary>
        /// Null when every line of the chunk can be played, else what is wrong with the first that
        /// cannot (a sentence without its full stop).
        /// </summary>
        /// <param name="lines">The chunk's lines.</param>
        /// <param name="first">The first frame the chunk may hold (the replay's current frame).</param>
        /// <param name="until">The frame the chunk ends at.</param>
        /// <param name="final">The last chunk: it holds frame <paramref name="until"/> too.</param>
        public static string Problem(JArray lines, long first, long until, bool final)
        {
            long last = final ? until : until - 1;
            long previous = first;
            for (int index = 0; index < lines.Count; index++)
            {
                var line = lines[index] as JObject;
                JToken named = line == null ? null : line["t"];
                string type = named != null && named.Type == JTokenType.String ? (string)named : null;
                if (type == null || line["f"] == null || !JsonNumbers.IsWhole(line["f"]))
                    return String.Format("line {0} of the chunk is no replay line (an object with \"t\" and \"f\")", index);
                if (!Types.Contains(type))
                    return String.Format("line {0} has the unknown type '{1}' (a replay line is one of: {2})", index, type,
                        String.Join(", ", new List<string>(Types).ToArray()));
                long frame = (long)JsonNumbers.ToInteger(line["f"]);
                if (frame < first || frame > last)
                    return String.Format("line {0} is for frame {1}, outside this chunk's frames {2} to {3}", index, frame, first, last);
                if (frame < previous)
                    return String.Format("line {0} is for frame {1}, before the line above it (frame {2})", index, frame, previous);
                previous = frame;
                line["f"] = frame;
                string missing = Missing(line, type);
                if (missing != null)
                    return String.Format("line {0} ({1} at frame {2}) {3}", index, type, frame, missing);
            }
            return null;
        }

        /// <summary>What a line of <paramref name="type"/> lacks, or null.</summary>
        static string Missing(JObject line, string type)
        {
            switch (type)
            {
                case "check":
                case "end":
                    if (line["digest"] == null)
                        return type == "check" ? "has no digest" : null;
                    if (line["digest"].Type != JTokenType.String || !Digest.IsMatch((string)line["digest"]))
                        return "has a digest that is not 16 hex digits";
                    var nodes = line["nodes"];
                    if (nodes != null && !IsFieldHashes(nodes as JObject))
                        return "has nodes that are not {path: field hashes}";
                    var gone = line["gone"];
                    if (gone != null && !IsStrings(gone as JArray))
                        return "has gone that is not a list of paths";
                    return null;
                case "request":
                    if (!IsWhole(line["n"]))
                        return "has no number n";
                    if (line["cmd"] == null || line["cmd"].Type != JTokenType.String || ((string)line["cmd"]).Length == 0)
                        return "names no command (cmd)";
                    return line["args"] == null || line["args"] is JObject ? null : "has args that are not an object";
                case "input":
                    return line["e"] is JObject ? null : "has no event object (e)";
                case "cancel":
                    return IsWhole(line["n"]) ? null : "names no request number (n)";
                case "window":
                    return line["event"] != null && line["event"].Type == JTokenType.String ? null : "names no window event";
                default:
                    return null;
            }
        }

        static bool IsWhole(JToken value)
        {
            return value != null && JsonNumbers.IsWhole(value);
        }

        static bool IsFieldHashes(JObject nodes)
        {
            if (nodes == null)
                return false;
            foreach (JProperty node in nodes.Properties())
            {
                if (node.Value.Type != JTokenType.String || !FieldHashes.IsMatch((string)node.Value))
                    return false;
            }
            return true;
        }

        static bool IsStrings(JArray values)
        {
            if (values == null)
                return false;
            foreach (JToken value in values)
            {
                if (value.Type != JTokenType.String)
                    return false;
            }
            return true;
        }
    }
}
