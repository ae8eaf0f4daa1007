using System.Collections.Generic;

namespace AgentBridgeUnity
{
    /// <summary>One event a node can raise (a UnityEvent) and its listeners, for get_signals.</summary>
    public sealed class SignalInfo
    {
        /// <summary>Creates the description.</summary>
        public SignalInfo(string name, IReadOnlyList<string> args, IReadOnlyList<SignalConnection> connections)
        {
            Name = name;
            Args = args;
            Connections = connections;
        }

        /// <summary>The event's name, e.g. <c>Button.onClick</c>.</summary>
        public string Name { get; private set; }

        /// <summary>Names (or types) of the event's arguments.</summary>
        public IReadOnlyList<string> Args { get; private set; }

        /// <summary>The listeners the engine lets the bridge see.</summary>
        public IReadOnlyList<SignalConnection> Connections { get; private set; }
    }
}
