using System.Collections.Generic;
using System.Text;
using System.Text.RegularExpressions;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>
    /// Writes one snapshot line (docs/SNAPSHOT.md): two spaces per depth,
    /// <c>- role "name" [attrs]</c>, with the attributes in a fixed order: disabled, checked,
    /// selected, expanded, value, class, nth, ref.
    /// </summary>
    internal static class SnapshotLine
    {
        public const int MaxName = 80;
        const int MaxValue = 60;
        static readonly Regex BareValue = new Regex("^[A-Za-z0-9_.+-]+$");

        public static string Format(int depth, SnapshotItem item)
        {
            var line = new StringBuilder();
            line.Append(' ', depth * 2).Append("- ").Append(item.Info.Role);
            if (item.Name.Length > 0)
                line.Append(" \"").Append(Escape(item.Name)).Append('"');
            List<string> attributes = Attributes(item);
            if (attributes.Count > 0)
                line.Append(" [").Append(string.Join(", ", attributes.ToArray())).Append(']');
            return line.ToString();
        }

        static List<string> Attributes(SnapshotItem item)
        {
            AccessibleInfo info = item.Info;
            var attributes = new List<string>();
            if (info.Disabled || info.ReadOnly)
                attributes.Add("disabled");
            if (info.Checked.HasValue)
                attributes.Add(info.Checked.Value ? "checked=true" : "checked=false");
            if (info.Selected)
                attributes.Add("selected");
            if (info.Expanded.HasValue)
                attributes.Add(info.Expanded.Value ? "expanded=true" : "expanded=false");
            string value = Value(info);
            if (value != null)
                attributes.Add("value=" + value);
            if (!string.IsNullOrEmpty(info.ClassHint))
                attributes.Add("class=" + info.ClassHint);
            if (item.Nth > 0)
                attributes.Add("nth=" + item.Nth);
            if (item.Ref != null)
                attributes.Add("ref=" + item.Ref);
            return attributes;
        }

        /// <summary>A text field's or combobox's value always quoted (even empty); others bare when they are one word.</summary>
        static string Value(AccessibleInfo info)
        {
            if (info.Value == null)
                return null;
            string text = info.Value.Replace("\r\n", "\\n").Replace("\n", "\\n");
            bool quoted = info.Role == AriaRole.Textbox || info.Role == AriaRole.Combobox;
            if (!quoted && text.Length == 0)
                return null;
            if (!quoted && BareValue.IsMatch(text))
                return text;
            return "\"" + Escape(Clip(text, MaxValue)) + "\"";
        }

        /// <summary>A name on one line: line breaks and tabs become spaces, ends trimmed, cut at 80 characters.</summary>
        public static string Name(string text)
        {
            return Clip(Flat(text), MaxName);
        }

        /// <summary>The text on one line, trimmed, for comparisons.</summary>
        public static string Flat(string text)
        {
            if (string.IsNullOrEmpty(text))
                return "";
            return text.Replace("\r\n", " ").Replace('\n', ' ').Replace('\r', ' ').Replace('\t', ' ').Trim();
        }

        static string Clip(string text, int limit)
        {
            return text.Length <= limit ? text : text.Substring(0, limit - 1) + "\u2026";
        }

        static string Escape(string text)
        {
            return text.Replace("\\", "\\\\").Replace("\"", "\\\"");
        }
    }
}
