using System.Collections.Generic;
using AgentBridgeUnity.Core.Scene;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>One visible node collected for the snapshot, with its ref (if interactive) and its nth.</summary>
    internal sealed class SnapshotItem
    {
        public SnapshotItem(TreeNode node, AccessibleInfo info, string name)
        {
            Node = node;
            Info = info;
            Name = name;
            Children = new List<SnapshotItem>();
        }

        public TreeNode Node { get; private set; }
        public AccessibleInfo Info { get; private set; }

        /// <summary>The name as printed: one line, clipped.</summary>
        public string Name { get; private set; }

        public List<SnapshotItem> Children { get; private set; }

        /// <summary>The ref, or null for a node a player cannot act on.</summary>
        public string Ref { get; set; }

        /// <summary>How many earlier siblings share this role and name (0 for the first).</summary>
        public int Nth { get; set; }
    }
}
