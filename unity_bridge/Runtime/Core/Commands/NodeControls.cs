using AgentBridgeUnity.Core.Scene;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>Finds what a node can do beyond its actions: choose an entry, take a value.</summary>
    internal static class NodeControls
    {
        /// <summary>The node itself or its control as a <typeparamref name="T"/>, or null.</summary>
        public static T Of<T>(TreeNode node) where T : class
        {
            var direct = node.Source as T;
            if (direct != null)
                return direct;
            var holder = node.Source as IHasControl;
            return holder == null ? null : holder.Control as T;
        }
    }
}
