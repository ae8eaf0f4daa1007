using System;
using System.Collections.Generic;
using System.Reflection;
using UnityEngine;
using UnityEngine.Events;

namespace AgentBridgeUnity.Adapters.Reflection
{
    /// <summary>The public UnityEvent fields and properties of a component, with their values.</summary>
    internal static class UnityEventMembers
    {
        const BindingFlags Public = BindingFlags.Public | BindingFlags.Instance;

        public static List<KeyValuePair<string, UnityEventBase>> Of(Component component)
        {
            var result = new List<KeyValuePair<string, UnityEventBase>>();
            Type type = component.GetType();
            foreach (FieldInfo field in type.GetFields(Public))
            {
                if (typeof(UnityEventBase).IsAssignableFrom(field.FieldType))
                    Add(result, field.Name, field.GetValue(component));
            }
            foreach (PropertyInfo property in type.GetProperties(Public))
            {
                if (typeof(UnityEventBase).IsAssignableFrom(property.PropertyType) && property.CanRead
                    && property.GetIndexParameters().Length == 0 && !property.IsDefined(typeof(ObsoleteAttribute), true))
                    Add(result, property.Name, property.GetValue(component, null));
            }
            return result;
        }

        /// <summary>The named event of a component, or null.</summary>
        public static UnityEventBase Find(Component component, string name)
        {
            foreach (var pair in Of(component))
            {
                if (pair.Key == name)
                    return pair.Value;
            }
            return null;
        }

        /// <summary>
        /// The type arguments of the UnityEvent&lt;...&gt; the event derives from (none for
        /// UnityEvent).
        /// </summary>
        public static Type[] ArgumentTypes(UnityEventBase unityEvent)
        {
            for (Type type = unityEvent.GetType(); type != null && type != typeof(UnityEventBase); type = type.BaseType)
            {
                if (type.IsGenericType && type.Namespace == "UnityEngine.Events")
                    return type.GetGenericArguments();
            }
            return new Type[0];
        }

        static void Add(List<KeyValuePair<string, UnityEventBase>> result, string name, object value)
        {
            var unityEvent = value as UnityEventBase;
            if (unityEvent != null)
                result.Add(new KeyValuePair<string, UnityEventBase>(name, unityEvent));
        }
    }
}
