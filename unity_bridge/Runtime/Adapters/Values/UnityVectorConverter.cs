using System;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Values
{
    /// <summary>
    /// Vector2/3/4, Vector2Int/3Int and Quaternion as <c>{"x", "y"(, "z")(, "w")}</c> or arrays.
    /// </summary>
    internal sealed class UnityVectorConverter : IWireConverter
    {
        public bool CanConvert(Type type)
        {
            return type == typeof(Vector2) || type == typeof(Vector3) || type == typeof(Vector4)
                || type == typeof(Vector2Int) || type == typeof(Vector3Int) || type == typeof(Quaternion);
        }

        public JToken ToWire(object value, ValueMapper mapper)
        {
            if (value is Vector2)
            {
                var v = (Vector2)value;
                return VectorJson.Write(VectorJson.XY, v.x, v.y);
            }
            if (value is Vector3)
            {
                var v = (Vector3)value;
                return VectorJson.Write(VectorJson.XYZ, v.x, v.y, v.z);
            }
            if (value is Vector4)
            {
                var v = (Vector4)value;
                return VectorJson.Write(VectorJson.XYZW, v.x, v.y, v.z, v.w);
            }
            if (value is Quaternion)
            {
                var q = (Quaternion)value;
                return VectorJson.Write(VectorJson.XYZW, q.x, q.y, q.z, q.w);
            }
            if (value is Vector2Int)
            {
                var v = (Vector2Int)value;
                return VectorJson.Write(VectorJson.XY, (double)v.x, v.y);
            }
            var i = (Vector3Int)value;
            return VectorJson.Write(VectorJson.XYZ, (double)i.x, i.y, i.z);
        }

        public object FromWire(JToken json, Type type, ValueMapper mapper)
        {
            if (type == typeof(Vector2Int))
            {
                int[] v = VectorJson.ReadInts(json, VectorJson.XY);
                return new Vector2Int(v[0], v[1]);
            }
            if (type == typeof(Vector3Int))
            {
                int[] v = VectorJson.ReadInts(json, VectorJson.XYZ);
                return new Vector3Int(v[0], v[1], v[2]);
            }
            if (type == typeof(Vector2))
            {
                double[] v = VectorJson.Read(json, VectorJson.XY);
                return new Vector2((float)v[0], (float)v[1]);
            }
            if (type == typeof(Vector3))
            {
                double[] v = VectorJson.Read(json, VectorJson.XYZ);
                return new Vector3((float)v[0], (float)v[1], (float)v[2]);
            }
            double[] w = VectorJson.Read(json, VectorJson.XYZW);
            if (type == typeof(Quaternion))
                return new Quaternion((float)w[0], (float)w[1], (float)w[2], (float)w[3]);
            return new Vector4((float)w[0], (float)w[1], (float)w[2], (float)w[3]);
        }
    }
}
