namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// What a client may change: the bridge's own node is readable, but set_property and
    /// call_method refuse it (its session folder, parent process and switches are not a client's
    /// to change).
    /// </summary>
    internal static class MemberGuard
    {
        /// <summary>INVALID_ARGS when <paramref name="node"/> is the bridge itself.</summary>
        public static void RequireChangeable(TreeNode node, object bridgeTarget)
        {
            if (bridgeTarget != null && Equals(node.Source.Target, bridgeTarget))
                throw new InvalidArgsException(node.Path + " is the bridge itself, which is off-limits to set_property and call_method.");
        }
    }
}
