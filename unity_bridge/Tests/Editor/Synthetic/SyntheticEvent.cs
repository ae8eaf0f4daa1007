using System.Collections.Generic;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>A UnityEvent stand-in: a name, argument types and listeners for get_signals.</summary>
    internal sealed class SyntheticEvent
    {
        readonly List<SignalConnection> _listeners = new List<SignalConnection>();
        readonly string[] _args;

        public SyntheticEvent(string name, params string[] args)
        {
            Name = name;
            _args = args;
        }

        public string Name { get; private set; }

        public void AddListener(object target, string method)
        {
            _listeners.Add(new SignalConnection(target, method));
        }

        public SignalInfo Describe(string qualifier)
        {
            return new SignalInfo(qualifier + "." + Name, _args, _listeners.ToArray());
        }
    }
}
