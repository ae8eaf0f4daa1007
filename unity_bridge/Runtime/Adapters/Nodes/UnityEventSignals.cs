using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Reflection;
using AgentBridgeUnity.Core.Values;
using UnityEngine;
using UnityEngine.Events;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary>
    /// get_signals for a GameObject: each public UnityEvent of its components with its argument
    /// types and its persistent listeners (those set up in the Inspector). Listeners added from
    /// code with AddListener are not visible through Unity's API and are not listed.
    /// </summary>
    internal static class UnityEventSignals
    {
        public static IReadOnlyList<SignalInfo> Of(List<Component> components)
        {
            var signals = new List<SignalInfo>();
            foreach (Component component in components)
            {
                if (component == null)
                    continue;
                foreach (var pair in UnityEventMembers.Of(component))
                    signals.Add(Describe(component.GetType().Name + "." + pair.Key, pair.Value));
            }
            return signals;
        }

        static SignalInfo Describe(string name, UnityEventBase unityEvent)
        {
            var args = new List<string>();
            foreach (System.Type type in UnityEventMembers.ArgumentTypes(unityEvent))
                args.Add(TypeNames.Of(type));
            var connections = new List<SignalConnection>();
            for (int i = 0; i < unityEvent.GetPersistentEventCount(); i++)
                connections.Add(new SignalConnection(Owner(unityEvent.GetPersistentTarget(i)), unityEvent.GetPersistentMethodName(i)));
            return new SignalInfo(name, args, connections);
        }

        /// <summary>
        /// A component listener is shown as its GameObject (a node); other objects as they are.
        /// </summary>
        static object Owner(Object target)
        {
            var component = target as Component;
            return component != null ? component.gameObject : (object)target;
        }
    }
}
