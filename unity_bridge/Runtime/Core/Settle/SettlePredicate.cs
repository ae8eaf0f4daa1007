using System;

namespace AgentBridgeUnity.Core.Settle
{
    /// <summary>A settle predicate given as a callback (<c>AgentBridge.AddSettlePredicate(name, func)</c>).</summary>
    internal sealed class SettlePredicate : ISettledProvider
    {
        readonly Func<bool> _isSettled;

        public SettlePredicate(string name, Func<bool> isSettled)
        {
            if (string.IsNullOrEmpty(name))
                throw new ArgumentException("A settle predicate needs a name for TIMEOUT sentences.", "name");
            if (isSettled == null)
                throw new ArgumentNullException("isSettled");
            Name = name;
            _isSettled = isSettled;
        }

        public string Name { get; private set; }

        public bool IsSettled()
        {
            return _isSettled();
        }
    }
}
