using System;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Values
{
    /// <summary>Color and Color32 as <c>{"r", "g", "b", "a", "html"}</c> (components from 0 to 1).</summary>
    internal sealed class UnityColorConverter : IWireConverter
    {
        public bool CanConvert(Type type)
        {
            return type == typeof(Color) || type == typeof(Color32);
        }

        public JToken ToWire(object value, ValueMapper mapper)
        {
            Color color = value is Color32 ? (Color)(Color32)value : (Color)value;
            return ColorJson.Write(color.r, color.g, color.b, color.a);
        }

        public object FromWire(JToken json, Type type, ValueMapper mapper)
        {
            float[] rgba = ColorJson.Read(json);
            var color = new Color(rgba[0], rgba[1], rgba[2], rgba[3]);
            return type == typeof(Color32) ? (object)(Color32)color : color;
        }
    }
}
