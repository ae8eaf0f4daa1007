namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>The snapshot command's options.</summary>
    internal sealed class SnapshotOptions
    {
        /// <summary>Only interactive nodes, as a flat list.</summary>
        public bool Interactive { get; set; }

        /// <summary>Leave out structure that holds no text and no control.</summary>
        public bool Compact { get; set; }

        /// <summary>Levels below the root to show; -1 for all.</summary>
        public int MaxDepth { get; set; }
    }
}
