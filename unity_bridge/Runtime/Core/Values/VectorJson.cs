using System;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Values
{
    /// <summary>
    /// Component-wise structs on the wire (vectors, quaternions, rects): an object with one key per
    /// component, or an array in component order. Engine converters build their structs from it.
    /// </summary>
    internal static class VectorJson
    {
        public static readonly string[] XY = { "x", "y" };
        public static readonly string[] XYZ = { "x", "y", "z" };
        public static readonly string[] XYZW = { "x", "y", "z", "w" };
        public static readonly string[] Rect = { "x", "y", "w", "h" };

        public static JObject Write(string[] keys, params double[] values)
        {
            var result = new JObject();
            for (int i = 0; i < keys.Length; i++)
                result[keys[i]] = FloatWire.ToWire(values[i]);
            return result;
        }

        public static JObject Write(string[] keys, params float[] values)
        {
            var result = new JObject();
            for (int i = 0; i < keys.Length; i++)
                result[keys[i]] = FloatWire.ToWire(values[i]);
            return result;
        }

        /// <summary>The components in key order; throws ValueConversionException otherwise.</summary>
        public static double[] Read(JToken json, string[] keys)
        {
            var values = new double[keys.Length];
            var array = json as JArray;
            var obj = json as JObject;
            if (array != null && array.Count == keys.Length)
            {
                for (int i = 0; i < keys.Length; i++)
                    values[i] = ReadComponent(array[i], keys);
                return values;
            }
            if (obj != null && obj.Count == keys.Length)
            {
                for (int i = 0; i < keys.Length; i++)
                    values[i] = ReadComponent(obj[keys[i]], keys);
                return values;
            }
            throw new ValueConversionException(Forms(keys));
        }

        /// <summary>The same, as whole numbers (Vector2Int, Vector3Int, RectInt).</summary>
        public static int[] ReadInts(JToken json, string[] keys)
        {
            double[] values = Read(json, keys);
            var result = new int[values.Length];
            for (int i = 0; i < values.Length; i++)
            {
                if (Math.Floor(values[i]) != values[i] || Math.Abs(values[i]) > int.MaxValue)
                    throw new ValueConversionException(Forms(keys) + " with whole numbers");
                result[i] = (int)values[i];
            }
            return result;
        }

        public static string Forms(string[] keys)
        {
            return String.Format("{{\"{0}\": ...}} or [{1}]",
                String.Join("\", \"", keys), String.Join(", ", keys));
        }

        static double ReadComponent(JToken json, string[] keys)
        {
            double value;
            if (json == null || !FloatWire.TryRead(json, out value))
                throw new ValueConversionException(Forms(keys));
            return value;
        }
    }
}
