using System;
using System.Collections.Generic;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>Finds the known names closest to a misspelt one, for "did you mean" sentences.</summary>
    internal static class NameSuggestions
    {
        public static List<string> Closest(string name, IEnumerable<string> known, int limit = 3)
        {
            var scored = new List<KeyValuePair<int, string>>();
            string lower = name.ToLowerInvariant();
            foreach (string candidate in known)
            {
                string other = candidate.ToLowerInvariant();
                int distance = Distance(lower, other);
                bool related = other.Contains(lower) || lower.Contains(other);
                if (related || distance <= Math.Max(2, other.Length / 3))
                    scored.Add(new KeyValuePair<int, string>(related ? 0 : distance, candidate));
            }
            scored.Sort((a, b) => a.Key != b.Key ? a.Key.CompareTo(b.Key) : string.CompareOrdinal(a.Value, b.Value));
            var result = new List<string>();
            for (int i = 0; i < scored.Count && i < limit; i++)
                result.Add(scored[i].Value);
            return result;
        }

        /// <summary>Levenshtein distance.</summary>
        static int Distance(string a, string b)
        {
            var previous = new int[b.Length + 1];
            var current = new int[b.Length + 1];
            for (int j = 0; j <= b.Length; j++)
                previous[j] = j;
            for (int i = 1; i <= a.Length; i++)
            {
                current[0] = i;
                for (int j = 1; j <= b.Length; j++)
                {
                    int cost = a[i - 1] == b[j - 1] ? 0 : 1;
                    current[j] = Math.Min(Math.Min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
                }
                var swap = previous;
                previous = current;
                current = swap;
            }
            return previous[b.Length];
        }
    }
}
