using System;
using System.Collections.Generic;
using System.Reflection;

namespace AgentBridgeUnity.Core.Members
{
    /// <summary>
    /// Finds the instance fields and properties that count as a node's properties: the public
    /// ones, and the non-public ones only where the game allowed them
    /// (<see cref="AgentBridge.AllowNonPublicMembers"/>); otherwise naming a non-public member is
    /// INVALID_ARGS saying so.
    /// </summary>
    internal static class MemberLookup
    {
        const BindingFlags Public = BindingFlags.Public | BindingFlags.Instance;
        const BindingFlags Hidden = BindingFlags.NonPublic | BindingFlags.Instance;

        /// <summary>Readable public fields and properties, skipping indexers and obsolete members.</summary>
        public static IEnumerable<MemberInfo> Readable(Type type)
        {
            return Readable(type, Public);
        }

        static IEnumerable<MemberInfo> Readable(Type type, BindingFlags flags)
        {
            foreach (FieldInfo field in type.GetFields(flags))
            {
                if (!IsObsolete(field) && !field.Name.StartsWith("<", StringComparison.Ordinal))
                    yield return field;
            }
            foreach (PropertyInfo property in type.GetProperties(flags))
            {
                if (property.GetGetMethod(true) != null && property.GetIndexParameters().Length == 0 && !IsObsolete(property))
                    yield return property;
            }
        }

        /// <summary>
        /// The public member called <paramref name="name"/> (exact match first, then ignoring
        /// case), or null.
        /// </summary>
        public static MemberInfo Find(Type type, string name)
        {
            return Find(Readable(type, Public), name);
        }

        /// <summary>
        /// The member called <paramref name="name"/>: a public one, else a non-public one when
        /// <paramref name="nonPublic"/> allows it (INVALID_ARGS naming the rule when it does
        /// not), else null.
        /// </summary>
        public static MemberInfo Find(Type type, string name, bool nonPublic, string node)
        {
            MemberInfo found = Find(type, name);
            if (found != null)
                return found;
            MemberInfo hidden = Find(Readable(type, Hidden), name);
            if (hidden != null && !nonPublic)
                throw NotPublic(node, hidden.Name);
            return hidden;
        }

        /// <summary>The refusal of a non-public member while the game has not allowed them.</summary>
        public static InvalidArgsException NotPublic(string node, string member)
        {
            return new InvalidArgsException(String.Format(
                "{0}: '{1}' is not public, and non-public members are off-limits; a game can open them with "
                + "AgentBridge.AllowNonPublicMembers = true.", node, member));
        }

        static MemberInfo Find(IEnumerable<MemberInfo> members, string name)
        {
            MemberInfo loose = null;
            foreach (MemberInfo member in members)
            {
                if (member.Name == name)
                    return member;
                if (loose == null && string.Equals(member.Name, name, StringComparison.OrdinalIgnoreCase))
                    loose = member;
            }
            return loose;
        }

        public static Type TypeOf(MemberInfo member)
        {
            var field = member as FieldInfo;
            return field != null ? field.FieldType : ((PropertyInfo)member).PropertyType;
        }

        public static bool IsWritable(MemberInfo member)
        {
            var field = member as FieldInfo;
            if (field != null)
                return !field.IsInitOnly && !field.IsLiteral;
            var property = (PropertyInfo)member;
            MethodInfo getter = property.GetGetMethod(true);
            bool nonPublic = getter != null && !getter.IsPublic;
            return property.CanWrite && property.GetSetMethod(nonPublic) != null;
        }

        public static object GetValue(MemberInfo member, object target)
        {
            try
            {
                var field = member as FieldInfo;
                return field != null ? field.GetValue(target) : ((PropertyInfo)member).GetValue(target, null);
            }
            catch (TargetInvocationException error)
            {
                throw Failures.FromInvocation(error, "Reading " + member.Name);
            }
        }

        public static void SetValue(MemberInfo member, object target, object value)
        {
            try
            {
                var field = member as FieldInfo;
                if (field != null)
                    field.SetValue(target, value);
                else
                    ((PropertyInfo)member).SetValue(target, value, null);
            }
            catch (TargetInvocationException error)
            {
                throw Failures.FromInvocation(error, "Setting " + member.Name);
            }
        }

        static bool IsObsolete(MemberInfo member)
        {
            return member.IsDefined(typeof(ObsoleteAttribute), true);
        }
    }
}
