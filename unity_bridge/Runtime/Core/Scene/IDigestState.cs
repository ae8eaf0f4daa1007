namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// A node whose state goes into <c>digest</c> (Unity: a GameObject). Nodes without it (scenes,
    /// UI Toolkit elements, a game walker's nodes) are walked through but add nothing.
    /// </summary>
    internal interface IDigestState
    {
        /// <summary>
        /// Adds the state that makes two runs comparable: the active flag, the transform
        /// (position, rotation, scale) and the script fields the tree serializer reads; false,
        /// adding nothing, when the node has no such state (it is then not counted).
        /// </summary>
        bool AddDigestFields(NodeFields fields);
    }
}
