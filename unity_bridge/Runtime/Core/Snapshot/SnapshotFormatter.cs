using System;
using System.Collections.Generic;
using System.Text;
using AgentBridgeUnity.Core.Scene;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>
    /// Builds the accessibility snapshot of a subtree: hidden nodes are left out, a text node
    /// that only repeats its parent's name (a button's label) is folded into the parent, compact
    /// mode drops structure holding no text and no control, interactive mode lists only controls.
    /// Interactive nodes get refs e1, e2... in document order; repeated role and name pairs get
    /// <c>nth=1</c>, <c>nth=2</c>... from their second occurrence.
    /// </summary>
    internal static class SnapshotFormatter
    {
        public static SnapshotResult Format(TreeNode root, SnapshotOptions options, RefRegistry refs)
        {
            SnapshotItem top = Collect(root, null, 0, options);
            refs.Begin();
            var lines = new List<string>();
            var refData = new JObject();
            var seen = new Dictionary<string, int>();
            if (top != null)
            {
                if (options.Interactive)
                    EmitFlat(top, lines, refData, seen, refs);
                else
                    Emit(top, 0, lines, refData, seen, refs);
            }
            string text = lines.Count > 0 ? String.Join("\n", lines.ToArray())
                : options.Interactive ? "(no interactive elements)" : "(nothing visible)";
            return new SnapshotResult(text, refData);
        }

        static SnapshotItem Collect(TreeNode node, AccessibleInfo parentInfo, int depth, SnapshotOptions options)
        {
            if (!node.Visible)
                return null;
            AccessibleInfo info = node.Source.Accessibility ?? new AccessibleInfo { Role = AriaRole.Generic, Name = node.Name };
            var item = new SnapshotItem(node, info);
            if (options.MaxDepth < 0 || depth < options.MaxDepth)
            {
                foreach (TreeNode child in node.Children)
                {
                    SnapshotItem kept = Collect(child, info, depth + 1, options);
                    if (kept != null)
                        item.Children.Add(kept);
                }
            }
            if (RepeatsParentName(item, parentInfo))
                return null;
            if (options.Compact && depth > 0 && item.Children.Count == 0 && !IsContent(info))
                return null;
            if (options.Interactive && !info.Interactive && item.Children.Count == 0)
                return null;
            return item;
        }

        /// <summary>A childless text node whose name is its parent's name (a button's own label).</summary>
        static bool RepeatsParentName(SnapshotItem item, AccessibleInfo parentInfo)
        {
            return parentInfo != null && item.Info.Role == AriaRole.Text && item.Children.Count == 0
                && !item.Info.Interactive && SnapshotLine.Clean(item.Info.Name) == SnapshotLine.Clean(parentInfo.Name);
        }

        static bool IsContent(AccessibleInfo info)
        {
            if (info.Interactive)
                return true;
            bool textual = info.Role == AriaRole.Text || info.Role == AriaRole.Heading || info.Role == AriaRole.Img;
            return textual && SnapshotLine.Clean(info.Name).Length > 0;
        }

        static void Emit(SnapshotItem item, int depth, List<string> lines, JObject refData,
            Dictionary<string, int> seen, RefRegistry refs)
        {
            lines.Add(Line(item, depth, refData, seen, refs));
            foreach (SnapshotItem child in item.Children)
                Emit(child, depth + 1, lines, refData, seen, refs);
        }

        static void EmitFlat(SnapshotItem item, List<string> lines, JObject refData,
            Dictionary<string, int> seen, RefRegistry refs)
        {
            if (item.Info.Interactive)
                lines.Add(Line(item, 0, refData, seen, refs));
            foreach (SnapshotItem child in item.Children)
                EmitFlat(child, lines, refData, seen, refs);
        }

        static string Line(SnapshotItem item, int depth, JObject refData, Dictionary<string, int> seen, RefRegistry refs)
        {
            AccessibleInfo info = item.Info;
            if (!info.Interactive)
                return SnapshotLine.Format(depth, info, 0, null);
            string name = SnapshotLine.Clean(info.Name);
            string key = info.Role + "\n" + name;
            int nth;
            seen.TryGetValue(key, out nth);
            seen[key] = nth + 1;
            string reference = refs.Issue(item.Node.Path, item.Node.Source.Target, info.Role, name);
            var entry = new JObject();
            entry["role"] = info.Role;
            entry["name"] = name;
            entry["path"] = item.Node.Path;
            refData[reference] = entry;
            return SnapshotLine.Format(depth, info, nth, reference);
        }
    }
}
