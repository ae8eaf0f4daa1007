using System;
using System.Collections.Generic;
using System.Reflection;

namespace AgentBridgeUnity.Core.Members
{
    /// <summary>Finds the public instance fields and properties that count as a node's properties.</summary>
    internal static class MemberLookup
    {
        const BindingFlags Public = BindingFlags.Public | BindingFlags.Instance;

        /// <summary>Readable fields and properties, skipping indexers and obsolete members.</summary>
        public static IEnumerable<MemberInfo> Readable(Type type)
        {
            foreach (FieldInfo field in type.GetFields(Public))
            {
                if (!IsObsolete(field))
                    yield return field;
            }
            foreach (PropertyInfo property in type.GetProperties(Public))
            {
                if (property.CanRead && property.GetIndexParameters().Length == 0 && !IsObsolete(property))
                    yield return property;
            }
        }

        /// <summary>
        /// The member called <paramref name="name"/> (exact match first, then ignoring case), or
        /// null.
        /// </summary>
        public static MemberInfo Find(Type type, string name)
        {
            MemberInfo loose = null;
            foreach (MemberInfo member in Readable(type))
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
            return property.CanWrite && property.GetSetMethod() != null;
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
