using System;
using System.Collections.Generic;
using System.Reflection;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Members
{
    /// <summary>
    /// get_property and set_property on a node's member hosts, including sub-paths such as
    /// <c>position:x</c>: a set reads the outer value, changes the inner member and writes the
    /// outer value back, so structs (vectors, colors) change as a whole. Nothing is written when
    /// the JSON does not convert. Non-public members are reached only when <c>nonPublic</c> is
    /// true (the game allowed them).
    /// </summary>
    internal static class PropertyAccess
    {
        public static TypedValue Get(IReadOnlyList<MemberHost> hosts, string property, string node, bool nonPublic)
        {
            MemberPath path = MemberPath.Parse(property);
            BoundMember bound = HostResolver.Property(hosts, path, node, nonPublic);
            object value = MemberLookup.GetValue(bound.Member, bound.Host.Target);
            Type type = bound.Type;
            foreach (string key in path.SubKeys)
            {
                MemberInfo inner = InnerMember(value, type, key, path, node, nonPublic);
                value = MemberLookup.GetValue(inner, value);
                type = MemberLookup.TypeOf(inner);
            }
            return new TypedValue(value, type);
        }

        public static void Set(IReadOnlyList<MemberHost> hosts, string property, JToken json, ValueMapper mapper, string node,
            bool nonPublic)
        {
            MemberPath path = MemberPath.Parse(property);
            BoundMember bound = HostResolver.Property(hosts, path, node, nonPublic);
            if (path.SubKeys.Length == 0)
            {
                RequireWritable(bound.Member, node);
                object converted = Convert(json, bound.Type, mapper, node, path.Text);
                MemberLookup.SetValue(bound.Member, bound.Host.Target, converted);
                return;
            }
            object outer = MemberLookup.GetValue(bound.Member, bound.Host.Target);
            object changed = SetInner(outer, bound.Type, path, 0, json, mapper, node, nonPublic);
            if (bound.Type.IsValueType)
            {
                RequireWritable(bound.Member, node);
                MemberLookup.SetValue(bound.Member, bound.Host.Target, changed);
            }
        }

        /// <summary>
        /// Sets key <paramref name="index"/> of the path inside <paramref name="container"/>;
        /// returns the (boxed) container.
        /// </summary>
        static object SetInner(object container, Type type, MemberPath path, int index, JToken json, ValueMapper mapper, string node,
            bool nonPublic)
        {
            MemberInfo inner = InnerMember(container, type, path.SubKeys[index], path, node, nonPublic);
            Type innerType = MemberLookup.TypeOf(inner);
            object value;
            if (index == path.SubKeys.Length - 1)
            {
                value = Convert(json, innerType, mapper, node, path.Text);
            }
            else
            {
                object current = MemberLookup.GetValue(inner, container);
                value = SetInner(current, innerType, path, index + 1, json, mapper, node, nonPublic);
                if (!innerType.IsValueType)
                    return container;
            }
            RequireWritable(inner, node);
            MemberLookup.SetValue(inner, container, value);
            return container;
        }

        static MemberInfo InnerMember(object value, Type type, string key, MemberPath path, string node, bool nonPublic)
        {
            if (value == null)
                throw new InvalidArgsException(String.Format("{0}: '{1}' is null, so it has no '{2}'.", node, path.Text, key));
            MemberInfo member = MemberLookup.Find(value.GetType(), key, nonPublic, node);
            if (member == null)
                throw new InvalidArgsException(String.Format("{0}: {1} has no member '{2}' (in '{3}').",
                    node, TypeNames.Of(type), key, path.Text));
            return member;
        }

        static void RequireWritable(MemberInfo member, string node)
        {
            if (!MemberLookup.IsWritable(member))
                throw new InvalidArgsException(String.Format("{0}: '{1}' is read-only.", node, member.Name));
        }

        static object Convert(JToken json, Type type, ValueMapper mapper, string node, string property)
        {
            try
            {
                return mapper.FromWire(json, type);
            }
            catch (ValueConversionException error)
            {
                throw new InvalidArgsException(String.Format("Cannot set {0}.{1} ({2}) to {3}: expected {4}.",
                    node, property, TypeNames.Of(type), WireJson.Serialize(json), error.Expected));
            }
        }
    }
}
