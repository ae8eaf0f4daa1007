using System.Collections.Generic;
using AgentBridgeUnity.Core.Scene;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>One node kept for the snapshot, before refs are numbered and lines written.</summary>
    internal sealed class SnapshotItem
    {
        public SnapshotItem(TreeNode node, AccessibleInfo info)
        {
            Node = node;
            Info = info;
            Children = new List<SnapshotItem>();
        }

        public TreeNode Node { get; private set; }
        public AccessibleInfo Info { get; private set; }
        public List<SnapshotItem> Children { get; private set; }
    }
}
