using System;

namespace AgentBridgeUnity.Core.Members
{
    /// <summary>A value read from a member, with the member's declared type.</summary>
    internal sealed class TypedValue
    {
        public TypedValue(object value, Type type)
        {
            Value = value;
            Type = type;
        }

        public object Value { get; private set; }

        public Type Type { get; private set; }
    }
}
