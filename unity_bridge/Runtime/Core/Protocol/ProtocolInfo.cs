namespace AgentBridgeUnity.Core.Protocol
{
    /// <summary>Constants of the protocol this bridge speaks.</summary>
    internal static class ProtocolInfo
    {
        public const string Version = "agentbridge/1";

        /// <summary>The package's version (package.json), as a replay file's header names the bridge.</summary>
        public const string BridgeVersion = "0.2.0";
        public const int EventQueueCapacity = 10000;
    }
}
