using System.Collections.Generic;
using System.Text;
using System.Text.RegularExpressions;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>
    /// Writes one snapshot line: two spaces per depth, <c>- role "name" [attrs]</c>, with the
    /// attributes in a fixed order: disabled, checked, selected, expanded, value, nth, ref.
    /// </summary>
    internal static class SnapshotLine
    {
        static readonly Regex BareValue = new Regex("^[A-Za-z0-9_.+-]+$");

        public static string Format(int depth, AccessibleInfo info, int nth, string reference)
        {
            var line = new StringBuilder();
            line.Append(' ', depth * 2).Append("- ").Append(info.Role);
            string name = Clean(info.Name);
            if (name.Length > 0)
                line.Append(" \"").Append(Escape(name)).Append('"');
            List<string> attributes = Attributes(info, nth, reference);
            if (attributes.Count > 0)
                line.Append(" [").Append(string.Join(", ", attributes.ToArray())).Append(']');
            return line.ToString();
        }

        static List<string> Attributes(AccessibleInfo info, int nth, string reference)
        {
            var attributes = new List<string>();
            if (info.Disabled)
                attributes.Add("disabled");
            if (info.Checked.HasValue)
                attributes.Add(info.Checked.Value ? "checked=true" : "checked=false");
            if (info.Selected)
                attributes.Add("selected");
            if (info.Expanded.HasValue)
                attributes.Add(info.Expanded.Value ? "expanded=true" : "expanded=false");
            if (info.Value != null)
                attributes.Add("value=" + Value(info.Value));
            if (nth > 0)
                attributes.Add("nth=" + nth);
            if (reference != null)
                attributes.Add("ref=" + reference);
            return attributes;
        }

        /// <summary>A name on one line: line breaks and tabs become spaces, ends trimmed.</summary>
        public static string Clean(string text)
        {
            if (string.IsNullOrEmpty(text))
                return "";
            return text.Replace("\r\n", " ").Replace('\n', ' ').Replace('\r', ' ').Replace('\t', ' ').Trim();
        }

        static string Value(string value)
        {
            string clean = Clean(value);
            return BareValue.IsMatch(clean) ? clean : "\"" + Escape(clean) + "\"";
        }

        static string Escape(string text)
        {
            return text.Replace("\\", "\\\\").Replace("\"", "\\\"");
        }
    }
}
