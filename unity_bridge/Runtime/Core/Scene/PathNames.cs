using System.Collections.Generic;
using System.Globalization;

namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// Path segments: a node's name with <c>%</c> and <c>/</c> percent-encoded, made unique among
    /// its siblings (the second "Button" becomes <c>Button[2]</c>, the third <c>Button[3]</c>).
    /// </summary>
    internal static class PathNames
    {
        public const string RootName = "root";
        public const string RootPath = "/root";

        public static string Escape(string name)
        {
            return name.Replace("%", "%25").Replace("/", "%2F");
        }

        public static string Unescape(string segment)
        {
            return segment.Replace("%2F", "/").Replace("%2f", "/").Replace("%25", "%");
        }

        /// <summary>Unique display names for siblings, in order (unescaped).</summary>
        public static List<string> Unique(IList<string> names)
        {
            var seen = new Dictionary<string, int>();
            var taken = new HashSet<string>(names);
            var result = new List<string>(names.Count);
            foreach (string name in names)
            {
                int count;
                seen.TryGetValue(name, out count);
                count++;
                seen[name] = count;
                if (count == 1)
                {
                    result.Add(name);
                    continue;
                }
                string candidate = Numbered(name, count);
                while (taken.Contains(candidate))
                    candidate = Numbered(name, ++count);
                seen[name] = count;
                taken.Add(candidate);
                result.Add(candidate);
            }
            return result;
        }

        static string Numbered(string name, int index)
        {
            return name + "[" + index.ToString(CultureInfo.InvariantCulture) + "]";
        }

        /// <summary>The unescaped segments of an absolute path, or null when it is not one.</summary>
        public static List<string> Split(string path)
        {
            if (path == null || !path.StartsWith(RootPath, System.StringComparison.Ordinal))
                return null;
            string rest = path.Substring(RootPath.Length);
            if (rest.Length > 0 && rest[0] != '/')
                return null;
            var segments = new List<string>();
            foreach (string part in rest.Split('/'))
            {
                if (part.Length > 0)
                    segments.Add(Unescape(part));
            }
            return segments;
        }
    }
}
