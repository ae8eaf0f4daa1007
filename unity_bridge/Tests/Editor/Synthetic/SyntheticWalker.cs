using System.Collections.Generic;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>Reports the children of synthetic nodes.</summary>
    internal sealed class SyntheticWalker : ISceneWalker
    {
        public IEnumerable<ISceneNode> ChildrenOf(ISceneNode parent)
        {
            var node = parent as SyntheticNode;
            if (node == null)
                yield break;
            foreach (SyntheticNode child in node.ChildNodes)
                yield return child;
        }
    }
}
