namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// What a client may change: the bridge's own node is readable, but set_property and
    /// call_method refuse it (its session folder, parent process and switches are not a client's
    /// to change).
    /// </summary>
    internal static class MemberGuard
    {
        /// <summary>True when <paramref name="node"/> is the bridge's own (snapshots and digests leave it out).</summary>
        public static bool IsBridge(TreeNode node, object bridgeTarget)
        {
            return bridgeTarget != null && Equals(node.Source.Target, bridgeTarget);
        }

        /// <summary>INVALID_ARGS when <paramref name="node"/> is the bridge itself.</summary>
        public static void RequireChangeable(TreeNode node, object bridgeTarget)
        {
            if (IsBridge(node, bridgeTarget))
                throw new InvalidArgsException(node.Path + " is the bridge itself, which is off-limits to set_property and call_method.");
        }
    }
}
