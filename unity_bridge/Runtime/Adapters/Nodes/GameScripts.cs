using System;
using System.Collections.Generic;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary>Tells the game's own MonoBehaviours from Unity's, packages' and this bridge's.</summary>
    internal static class GameScripts
    {
        static readonly string[] EnginePrefixes = { "UnityEngine", "Unity.", "AgentBridge", "DOTween" };

        public static bool IsGameScript(Component component)
        {
            if (!(component is MonoBehaviour))
                return false;
            string assembly = component.GetType().Assembly.GetName().Name;
            foreach (string prefix in EnginePrefixes)
            {
                if (assembly.StartsWith(prefix, StringComparison.Ordinal))
                    return false;
            }
            return true;
        }

        /// <summary>The type name of the first game script among the components, or null.</summary>
        public static string FirstName(List<Component> components)
        {
            foreach (Component component in components)
            {
                if (component != null && IsGameScript(component))
                    return component.GetType().Name;
            }
            return null;
        }
    }
}
