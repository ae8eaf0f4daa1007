using System;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentBridgeUnity.Adapters.Values
{
    /// <summary>
    /// Engine objects: a GameObject travels as <c>{"node": path}</c>, a component as
    /// <c>{"node": path, "component": "Rigidbody"}</c>, an asset as <c>{"class", "name"}</c>, a
    /// destroyed object as null. Into a GameObject or component field, a node path (or
    /// <c>{"node": path}</c>) names the GameObject, whose component of the field's type is taken.
    /// </summary>
    internal sealed class UnityObjectConverter : IWireConverter
    {
        public bool CanConvert(Type type)
        {
            return typeof(Object).IsAssignableFrom(type);
        }

        public JToken ToWire(object value, ValueMapper mapper)
        {
            var obj = (Object)value;
            if (obj == null)
                return JValue.CreateNull();
            var component = obj as Component;
            GameObject owner = component != null ? component.gameObject : obj as GameObject;
            string path = owner != null && mapper.Nodes != null ? mapper.Nodes.PathOf(owner) : null;
            var result = new JObject();
            if (path != null)
            {
                result["node"] = path;
                if (component != null)
                    result["component"] = obj.GetType().Name;
                return result;
            }
            result["class"] = obj.GetType().Name;
            result["name"] = obj.name;
            return result;
        }

        public object FromWire(JToken json, Type type, ValueMapper mapper)
        {
            if (json.Type == JTokenType.Null)
                return null;
            string path = ValueFromWire.NodePath(json);
            if (path == null && json is JObject && json["node"] != null && json["node"].Type == JTokenType.String)
                path = (string)json["node"];
            if (path == null || mapper.Nodes == null)
                throw new ValueConversionException(Forms(type));
            var gameObject = mapper.Nodes.TargetAt(path) as GameObject;
            if (gameObject == null)
                throw new ValueConversionException(Forms(type) + "; there is no GameObject at " + path);
            if (type.IsAssignableFrom(typeof(GameObject)))
                return gameObject;
            if (typeof(Component).IsAssignableFrom(type))
            {
                Component found = gameObject.GetComponent(type);
                if (found == null)
                    throw new ValueConversionException(Forms(type) + "; " + path + " has no " + type.Name);
                return found;
            }
            throw new ValueConversionException("an asset reference, which cannot be set from JSON");
        }

        static string Forms(Type type)
        {
            return "a node path such as \"/root/Scene/Player\", {\"node\": path} or null (for " + type.Name + ")";
        }
    }
}
