namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// The bridge's own object in the synthetic tree (<c>/root/AgentBridge</c>, as in Godot):
    /// readable, but off-limits to set_property and call_method.
    /// </summary>
    internal sealed class SynBridge : SyntheticControl
    {
        public SynBridge(string sessionDirectory)
        {
            this.sessionDirectory = sessionDirectory;
        }

        /// <summary>What a client must not change.</summary>
        public string sessionDirectory { get; set; }

        /// <summary>What a client must not call.</summary>
        public void Stop()
        {
            sessionDirectory = null;
        }

        internal override string TypeName
        {
            get { return "AgentBridgeBehaviour"; }
        }

        internal override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo { Role = AriaRole.Generic, Name = "" };
        }
    }
}
