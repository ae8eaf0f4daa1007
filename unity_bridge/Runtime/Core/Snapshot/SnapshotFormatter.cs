using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Scene;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>
    /// Builds the accessibility snapshot of a subtree as docs/SNAPSHOT.md describes it. Hidden
    /// nodes and the bridge's own node are left out; every interactive node gets its ref (kept
    /// for the node's life, see <see cref="RefRegistry"/>); siblings that repeat a role and name
    /// get <c>nth=1</c>, <c>nth=2</c>...; a text node that only repeats its control's name or value
    /// (a UGUI button's label) is folded into it. <c>interactive</c> keeps nodes with refs and
    /// their ancestors; <c>compact</c> hoists the children of unnamed generic, group and region
    /// nodes without refs (with <c>interactive</c>: of every node without a ref, giving a flat
    /// list). Every snapshot also looks at the whole tree to keep <see cref="TreeVersion"/>.
    /// </summary>
    internal sealed class SnapshotFormatter
    {
        readonly RefRegistry _refs;
        readonly object _bridgeTarget;
        JObject _refData;

        SnapshotFormatter(RefRegistry refs, object bridgeTarget)
        {
            _refs = refs;
            _bridgeTarget = bridgeTarget;
        }

        /// <param name="root">The subtree asked for.</param>
        /// <param name="treeRoot">The tree's root (<c>/root</c>), for the version.</param>
        /// <param name="options">What to show.</param>
        /// <param name="refs">The run's refs.</param>
        /// <param name="versions">The run's tree version.</param>
        /// <param name="bridgeTarget">The bridge's own engine object, left out; null for none.</param>
        public static SnapshotResult Format(TreeNode root, TreeNode treeRoot, SnapshotOptions options, RefRegistry refs,
            TreeVersion versions, object bridgeTarget)
        {
            refs.Begin();
            var formatter = new SnapshotFormatter(refs, bridgeTarget);
            var shown = new JObject();
            formatter._refData = shown;
            SnapshotItem top = formatter.Collect(root, null, 0, options.MaxDepth);
            SnapshotItem whole = top;
            if (root != treeRoot || options.MaxDepth >= 0)
            {
                formatter._refData = new JObject();
                whole = formatter.Collect(treeRoot, null, 0, -1);
            }
            int version = versions.Observe(Render(whole, new SnapshotOptions()));
            if (options.Since.HasValue && options.Since.Value == version)
                return SnapshotResult.Same(version);
            return new SnapshotResult(Render(top, options), shown, version);
        }

        static string Render(SnapshotItem top, SnapshotOptions options)
        {
            var lines = new List<string>();
            if (top != null)
            {
                Number(new List<SnapshotItem> { top });
                Render(top, 0, options, lines);
            }
            return String.Join("\n", lines.ToArray());
        }

        SnapshotItem Collect(TreeNode node, SnapshotItem parent, int depth, int maxDepth)
        {
            if (!node.Visible || MemberGuard.IsBridge(node, _bridgeTarget))
                return null;
            AccessibleInfo info = node.Source.Accessibility ?? new AccessibleInfo { Role = AriaRole.Generic };
            var item = new SnapshotItem(node, info, SnapshotLine.Name(info.Name));
            if (parent != null && RepeatsParent(item, parent))
                return null;
            if (info.Interactive)
                item.Ref = Issue(item);
            if (maxDepth < 0 || depth < maxDepth)
            {
                foreach (TreeNode child in node.Children)
                {
                    SnapshotItem kept = Collect(child, item, depth + 1, maxDepth);
                    if (kept != null)
                        item.Children.Add(kept);
                }
            }
            return item;
        }

        string Issue(SnapshotItem item)
        {
            string reference = _refs.Issue(item.Node.Source, item.Node.Path, item.Info.Role, item.Name);
            var entry = new JObject();
            entry["role"] = item.Info.Role;
            entry["name"] = item.Name;
            entry["path"] = item.Node.Path;
            _refData[reference] = entry;
            return reference;
        }

        /// <summary>
        /// A childless text node that is part of a control: it repeats the control's name (a
        /// button's label, a field's placeholder) or its value (a field's text).
        /// </summary>
        static bool RepeatsParent(SnapshotItem item, SnapshotItem parent)
        {
            if (!parent.Info.Interactive || item.Info.Role != AriaRole.Text || item.Info.Interactive
                || item.Node.Children.Count > 0)
                return false;
            string text = SnapshotLine.Flat(item.Info.Name);
            return text == SnapshotLine.Flat(parent.Info.Name) || text == SnapshotLine.Flat(parent.Info.Value);
        }

        /// <summary>Among siblings, the second node with a role and name gets nth=1, the third nth=2...</summary>
        static void Number(List<SnapshotItem> siblings)
        {
            var seen = new Dictionary<string, int>();
            foreach (SnapshotItem item in siblings)
            {
                if (item.Name.Length > 0)
                {
                    string key = item.Info.Role + "\n" + item.Name;
                    int count;
                    seen.TryGetValue(key, out count);
                    item.Nth = count;
                    seen[key] = count + 1;
                }
                Number(item.Children);
            }
        }

        static void Render(SnapshotItem item, int depth, SnapshotOptions options, List<string> lines)
        {
            if (options.Interactive && !HasRef(item))
                return;
            bool hoisted = options.Compact && item.Ref == null && (options.Interactive || IsWrapper(item));
            if (!hoisted)
                lines.Add(SnapshotLine.Format(depth, item));
            int childDepth = hoisted ? depth : depth + 1;
            foreach (SnapshotItem child in item.Children)
                Render(child, childDepth, options, lines);
        }

        /// <summary>An unnamed generic, group or region: structure without meaning of its own.</summary>
        static bool IsWrapper(SnapshotItem item)
        {
            string role = item.Info.Role;
            return item.Name.Length == 0 && (role == AriaRole.Generic || role == AriaRole.Group || role == AriaRole.Region);
        }

        static bool HasRef(SnapshotItem item)
        {
            if (item.Ref != null)
                return true;
            foreach (SnapshotItem child in item.Children)
            {
                if (HasRef(child))
                    return true;
            }
            return false;
        }
    }
}
