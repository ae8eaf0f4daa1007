namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// A two-component struct, so sub-paths such as <c>position:x</c> have something to reach.
    /// </summary>
    [System.Serializable]
    internal struct SynVector
    {
        public float x;
        public float y;
    }
}
