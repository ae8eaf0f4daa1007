using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// What an action changed in the tree, as the protocol's action data reports it:
    /// <c>{"added": [paths], "added_count", "removed": [paths], "removed_count"}</c>, the top-most
    /// nodes only (a subtree counts once), 50 listed at most.
    /// </summary>
    internal static class TreeChanges
    {
        const int MaxListed = 50;

        /// <summary>Every path in the tree now.</summary>
        public static HashSet<string> Paths(SceneTree tree)
        {
            var paths = new HashSet<string>();
            foreach (TreeNode node in tree.Walk(tree.Root))
                paths.Add(node.Path);
            return paths;
        }

        public static JObject Between(HashSet<string> before, HashSet<string> after)
        {
            List<string> added = TopMost(Except(after, before));
            List<string> removed = TopMost(Except(before, after));
            var changes = new JObject();
            changes["added"] = new JArray(added.GetRange(0, System.Math.Min(MaxListed, added.Count)).ToArray());
            changes["added_count"] = added.Count;
            changes["removed"] = new JArray(removed.GetRange(0, System.Math.Min(MaxListed, removed.Count)).ToArray());
            changes["removed_count"] = removed.Count;
            return changes;
        }

        static List<string> Except(HashSet<string> paths, HashSet<string> other)
        {
            var result = new List<string>();
            foreach (string path in paths)
            {
                if (!other.Contains(path))
                    result.Add(path);
            }
            return result;
        }

        /// <summary>The paths without those inside another listed path, sorted.</summary>
        static List<string> TopMost(List<string> paths)
        {
            paths.Sort(string.CompareOrdinal);
            var kept = new List<string>();
            foreach (string path in paths)
            {
                if (kept.Count == 0 || !path.StartsWith(kept[kept.Count - 1] + "/", System.StringComparison.Ordinal))
                    kept.Add(path);
            }
            return kept;
        }
    }
}
