using System.Collections.Generic;
using AgentBridgeUnity.Core.Scene;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary>
    /// A GameObject's member hosts: the GameObject itself (its members listed bare: <c>name</c>,
    /// <c>activeSelf</c>), then each component by type name (<c>Transform.position</c>,
    /// <c>Slider.value</c>); a second component of one type is <c>Type[2]</c>.
    /// </summary>
    internal static class ComponentHosts
    {
        public static IReadOnlyList<MemberHost> Of(GameObject gameObject, List<Component> components)
        {
            var names = new List<string>();
            var present = new List<Component>();
            foreach (Component component in components)
            {
                if (component == null)
                    continue;
                names.Add(component.GetType().Name);
                present.Add(component);
            }
            List<string> qualifiers = PathNames.Unique(names);
            var hosts = new List<MemberHost> { new MemberHost("GameObject", gameObject, true) };
            for (int i = 0; i < present.Count; i++)
                hosts.Add(new MemberHost(qualifiers[i], present[i], false));
            return hosts;
        }
    }
}
