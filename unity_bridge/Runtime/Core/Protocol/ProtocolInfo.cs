namespace AgentBridgeUnity.Core.Protocol
{
    /// <summary>Constants of the protocol this bridge speaks.</summary>
    internal static class ProtocolInfo
    {
        public const string Version = "agentbridge/1";
        public const int EventQueueCapacity = 10000;
    }
}
