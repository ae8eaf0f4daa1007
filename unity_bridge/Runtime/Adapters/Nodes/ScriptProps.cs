using System;
using System.Collections.Generic;
using System.Reflection;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary>
    /// The node shape's <c>props</c>: public fields of plain types (numbers, text, enums,
    /// vectors, colors) on the game's own MonoBehaviours, by field name (<c>Type.field</c> when two
    /// scripts share a name). Unity's and this package's components are left out.
    /// </summary>
    internal static class ScriptProps
    {
        public static Dictionary<string, object> Of(List<Component> components)
        {
            var props = new Dictionary<string, object>();
            foreach (Component component in components)
            {
                if (component == null || !GameScripts.IsGameScript(component))
                    continue;
                foreach (FieldInfo field in component.GetType().GetFields(BindingFlags.Public | BindingFlags.Instance))
                {
                    if (!IsPlain(field.FieldType) || field.IsDefined(typeof(ObsoleteAttribute), true))
                        continue;
                    string key = field.Name;
                    if (props.ContainsKey(key))
                        key = component.GetType().Name + "." + field.Name;
                    props[key] = field.GetValue(component);
                }
            }
            return props;
        }

        static bool IsPlain(Type type)
        {
            return type.IsPrimitive || type.IsEnum || type == typeof(string) || type == typeof(Vector2)
                || type == typeof(Vector3) || type == typeof(Vector2Int) || type == typeof(Vector3Int)
                || type == typeof(Color) || type == typeof(Quaternion);
        }
    }
}
