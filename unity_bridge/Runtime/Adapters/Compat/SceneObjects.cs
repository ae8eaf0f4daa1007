using UnityEngine;

namespace AgentBridgeUnity.Adapters.Compat
{
    /// <summary>
    /// Every active loaded object of a type, unsorted. <c>FindObjectsByType</c> exists from
    /// 2021.3.18 and 2022.2 on and <c>FindObjectsOfType</c> is obsolete from 2023.1; the assembly's
    /// version define <c>AGENT_BRIDGE_FIND_BY_TYPE</c> keeps the old call for versions without the
    /// new one.
    /// </summary>
    internal static class SceneObjects
    {
        public static T[] All<T>() where T : Object
        {
#if AGENT_BRIDGE_FIND_BY_TYPE
            return Object.FindObjectsByType<T>(FindObjectsSortMode.None);
#else
            return Object.FindObjectsOfType<T>();
#endif
        }
    }
}
