namespace AgentBridgeUnity
{
    /// <summary>One listener of a <see cref="SignalInfo"/>: the target object and its method.</summary>
    public sealed class SignalConnection
    {
        /// <summary>Creates the description.</summary>
        public SignalConnection(object target, string method)
        {
            Target = target;
            Method = method;
        }

        /// <summary>The listening object; shown as its node path when it has one, else its class.</summary>
        public object Target { get; private set; }

        /// <summary>The method that is called.</summary>
        public string Method { get; private set; }
    }
}
