using System;
using System.Collections.Generic;
using System.Reflection;

namespace AgentBridgeUnity.Adapters.Reflection
{
    /// <summary>
    /// Finds types of optional packages (TextMeshPro, DOTween) by full name in the loaded
    /// assemblies, so the bridge uses them when present and needs no reference to them.
    /// </summary>
    internal static class LoadedTypes
    {
        static readonly Dictionary<string, Type> Cache = new Dictionary<string, Type>();

        /// <summary>The type, or null when no loaded assembly defines it.</summary>
        public static Type Find(string fullName)
        {
            Type type;
            if (Cache.TryGetValue(fullName, out type))
                return type;
            foreach (Assembly assembly in AppDomain.CurrentDomain.GetAssemblies())
            {
                type = assembly.GetType(fullName, false);
                if (type != null)
                    break;
            }
            Cache[fullName] = type;
            return type;
        }

        /// <summary>
        /// True when <paramref name="value"/> is an instance of the named type (or a subclass).
        /// </summary>
        public static bool Is(object value, string fullName)
        {
            Type type = Find(fullName);
            return type != null && value != null && type.IsInstanceOfType(value);
        }

        public static object Get(object target, string property)
        {
            PropertyInfo info = target.GetType().GetProperty(property, BindingFlags.Public | BindingFlags.Instance);
            return info == null ? null : info.GetValue(target, null);
        }

        /// <summary>Calls a public instance method without arguments; false when there is none.</summary>
        public static bool Call(object target, string method)
        {
            MethodInfo info = target.GetType().GetMethod(method, BindingFlags.Public | BindingFlags.Instance, null, Type.EmptyTypes, null);
            if (info == null)
                return false;
            try
            {
                info.Invoke(target, null);
            }
            catch (TargetInvocationException error)
            {
                throw error.InnerException ?? error;
            }
            return true;
        }

        public static void Set(object target, string property, object value)
        {
            PropertyInfo info = target.GetType().GetProperty(property, BindingFlags.Public | BindingFlags.Instance);
            if (info != null && info.CanWrite)
                info.SetValue(target, value, null);
        }
    }
}
