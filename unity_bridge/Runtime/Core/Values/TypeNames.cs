using System;
using System.Collections.Generic;
using System.Text;

namespace AgentBridgeUnity.Core.Values
{
    /// <summary>Readable type names for get_property's <c>type</c> and for error sentences.</summary>
    internal static class TypeNames
    {
        static readonly Dictionary<Type, string> Keywords = new Dictionary<Type, string>
        {
            { typeof(bool), "bool" }, { typeof(byte), "byte" }, { typeof(sbyte), "sbyte" },
            { typeof(short), "short" }, { typeof(ushort), "ushort" }, { typeof(int), "int" },
            { typeof(uint), "uint" }, { typeof(long), "long" }, { typeof(ulong), "ulong" },
            { typeof(float), "float" }, { typeof(double), "double" }, { typeof(decimal), "decimal" },
            { typeof(string), "string" }, { typeof(char), "char" }, { typeof(object), "object" },
        };

        public static string Of(Type type)
        {
            if (type == null)
                return "null";
            string keyword;
            if (Keywords.TryGetValue(type, out keyword))
                return keyword;
            if (type.IsArray)
                return Of(type.GetElementType()) + "[]";
            Type nullable = Nullable.GetUnderlyingType(type);
            if (nullable != null)
                return Of(nullable) + "?";
            if (!type.IsGenericType)
                return type.Name;
            var builder = new StringBuilder();
            string name = type.Name;
            int tick = name.IndexOf('`');
            builder.Append(tick < 0 ? name : name.Substring(0, tick)).Append('<');
            Type[] arguments = type.GetGenericArguments();
            for (int i = 0; i < arguments.Length; i++)
            {
                if (i > 0)
                    builder.Append(", ");
                builder.Append(Of(arguments[i]));
            }
            return builder.Append('>').ToString();
        }

        /// <summary>The type name of a value, or "null".</summary>
        public static string OfValue(object value)
        {
            return value == null ? "null" : Of(value.GetType());
        }
    }
}
