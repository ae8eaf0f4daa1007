using System.Collections.Generic;
using System.Reflection;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Members
{
    /// <summary>get_node's <c>properties</c>: every readable member as <c>{name: type}</c>.</summary>
    internal static class MemberCatalog
    {
        public static JObject List(IReadOnlyList<MemberHost> hosts)
        {
            var result = new JObject();
            foreach (MemberHost host in hosts)
            {
                foreach (MemberInfo member in MemberLookup.Readable(host.Target.GetType()))
                {
                    string key = host.ListUnqualified ? member.Name : host.Qualifier + "." + member.Name;
                    if (result[key] == null)
                        result[key] = TypeNames.Of(MemberLookup.TypeOf(member));
                }
            }
            return result;
        }
    }
}
