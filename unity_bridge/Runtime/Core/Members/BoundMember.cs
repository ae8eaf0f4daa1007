using System;
using System.Reflection;

namespace AgentBridgeUnity.Core.Members
{
    /// <summary>A member found on one host object: enough to read it and write it.</summary>
    internal sealed class BoundMember
    {
        public BoundMember(MemberHost host, MemberInfo member)
        {
            Host = host;
            Member = member;
        }

        public MemberHost Host { get; private set; }

        public MemberInfo Member { get; private set; }

        public Type Type
        {
            get { return MemberLookup.TypeOf(Member); }
        }
    }
}
