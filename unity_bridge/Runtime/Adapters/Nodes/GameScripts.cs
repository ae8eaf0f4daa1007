using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Reflection;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary>Tells the game's own MonoBehaviours from Unity's, packages' and this bridge's.</summary>
    internal static class GameScripts
    {
        public static bool IsGameScript(Component component)
        {
            return component is MonoBehaviour && UnityGameAssemblies.Instance.IsGameName(component.GetType().Assembly.GetName().Name);
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
