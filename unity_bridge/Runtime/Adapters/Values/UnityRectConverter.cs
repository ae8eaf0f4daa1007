using System;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Values
{
    /// <summary>Rect and RectInt as <c>{"x", "y", "w", "h"}</c> or <c>[x, y, w, h]</c>.</summary>
    internal sealed class UnityRectConverter : IWireConverter
    {
        public bool CanConvert(Type type)
        {
            return type == typeof(Rect) || type == typeof(RectInt);
        }

        public JToken ToWire(object value, ValueMapper mapper)
        {
            if (value is RectInt)
            {
                var r = (RectInt)value;
                return VectorJson.Write(VectorJson.Rect, (double)r.x, r.y, r.width, r.height);
            }
            var rect = (Rect)value;
            return VectorJson.Write(VectorJson.Rect, rect.x, rect.y, rect.width, rect.height);
        }

        public object FromWire(JToken json, Type type, ValueMapper mapper)
        {
            if (type == typeof(RectInt))
            {
                int[] r = VectorJson.ReadInts(json, VectorJson.Rect);
                return new RectInt(r[0], r[1], r[2], r[3]);
            }
            double[] v = VectorJson.Read(json, VectorJson.Rect);
            return new Rect((float)v[0], (float)v[1], (float)v[2], (float)v[3]);
        }
    }
}
