namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>The snapshot command's options.</summary>
    internal sealed class SnapshotOptions
    {
        public SnapshotOptions()
        {
            MaxDepth = -1;
        }

        /// <summary>Only nodes with refs and their ancestors (a flat list of refs with <see cref="Compact"/>).</summary>
        public bool Interactive { get; set; }

        /// <summary>Hoist the children of unnamed generic, group and region nodes without refs.</summary>
        public bool Compact { get; set; }

        /// <summary>Levels below the root to show; -1 for all.</summary>
        public int MaxDepth { get; set; }

        /// <summary>A tree_version: answer only "unchanged" while the tree is still there; null for none.</summary>
        public int? Since { get; set; }
    }
}
