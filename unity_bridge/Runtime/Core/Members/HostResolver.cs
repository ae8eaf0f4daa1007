using System;
using System.Collections.Generic;
using System.Reflection;

namespace AgentBridgeUnity.Core.Members
{
    /// <summary>
    /// Picks the member host a <see cref="MemberPath"/> addresses and finds the member on it.
    /// </summary>
    internal static class HostResolver
    {
        /// <summary>The hosts a path may address: the one its qualifier names, or all in order.</summary>
        public static List<MemberHost> Candidates(IReadOnlyList<MemberHost> hosts, MemberPath path, string node)
        {
            var result = new List<MemberHost>();
            foreach (MemberHost host in hosts)
            {
                if (path.Qualifier == null || string.Equals(host.Qualifier, path.Qualifier, StringComparison.OrdinalIgnoreCase))
                    result.Add(host);
            }
            if (path.Qualifier != null && result.Count == 0)
                throw new InvalidArgsException(String.Format("{0} has no '{1}' (it has: {2}).",
                    node, path.Qualifier, Describe(hosts)));
            return result;
        }

        /// <summary>
        /// The property a path addresses; INVALID_ARGS naming the node when there is none, or
        /// when it is not public and <paramref name="nonPublic"/> is false.
        /// </summary>
        public static BoundMember Property(IReadOnlyList<MemberHost> hosts, MemberPath path, string node, bool nonPublic)
        {
            List<MemberHost> candidates = Candidates(hosts, path, node);
            foreach (MemberHost host in candidates)
            {
                MemberInfo member = MemberLookup.Find(host.Target.GetType(), path.Member);
                if (member != null)
                    return new BoundMember(host, member);
            }
            foreach (MemberHost host in candidates)
            {
                MemberInfo member = MemberLookup.Find(host.Target.GetType(), path.Member, nonPublic, node);
                if (member != null)
                    return new BoundMember(host, member);
            }
            throw new InvalidArgsException(String.Format("{0} has no property '{1}'.", node, path.Text));
        }

        public static string Describe(IReadOnlyList<MemberHost> hosts)
        {
            var names = new List<string>();
            foreach (MemberHost host in hosts)
                names.Add(host.Qualifier);
            return names.Count == 0 ? "nothing" : String.Join(", ", names.ToArray());
        }
    }
}
