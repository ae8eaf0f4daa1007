using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Members;

namespace AgentBridgeUnity.Core.Settle
{
    /// <summary>Asks every settled provider about this frame and names the ones still busy.</summary>
    internal static class SettledCheck
    {
        /// <summary>
        /// True when every provider is settled; otherwise <paramref name="busy"/> names the others.
        /// </summary>
        public static bool IsSettled(IEnumerable<ISettledProvider> providers, out string busy)
        {
            var names = new List<string>();
            foreach (ISettledProvider provider in providers)
            {
                bool settled;
                try
                {
                    settled = provider.IsSettled();
                }
                catch (Exception error)
                {
                    throw Failures.From(error, "The settled provider " + provider.Name);
                }
                if (!settled)
                    names.Add(provider.Name);
            }
            busy = names.Count == 0 ? null : String.Join(", ", names.ToArray());
            return names.Count == 0;
        }
    }
}
