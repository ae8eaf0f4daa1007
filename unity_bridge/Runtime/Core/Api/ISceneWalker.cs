using System.Collections.Generic;

namespace AgentBridgeUnity
{
    /// <summary>
    /// Reports children of tree nodes. The bridge asks every registered walker, in registration
    /// order, for the children of each node it visits, starting at <c>/root</c>; the answers are
    /// concatenated. The built-in walkers report loaded scenes, GameObjects and UI Toolkit
    /// elements; a game adds its own with <see cref="AgentBridge.AddWalker"/> to expose objects
    /// the built-in ones cannot see. Return nothing for parents the walker does not know.
    /// </summary>
    public interface ISceneWalker
    {
        /// <summary>The children this walker knows for <paramref name="parent"/>, in order.</summary>
        IEnumerable<ISceneNode> ChildrenOf(ISceneNode parent);
    }
}
