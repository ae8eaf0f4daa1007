namespace AgentBridgeUnity.Core.Values
{
    /// <summary>Maps engine objects to node paths and back, for object references on the wire.</summary>
    internal interface INodeResolver
    {
        /// <summary>The path of the node whose target is <paramref name="target"/>, or null.</summary>
        string PathOf(object target);

        /// <summary>
        /// The engine object at <paramref name="path"/>, or null when there is no node there.
        /// </summary>
        object TargetAt(string path);
    }
}
