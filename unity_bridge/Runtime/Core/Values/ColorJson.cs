using System;
using System.Globalization;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Values
{
    /// <summary>
    /// Colors on the wire: out as <c>{"r","g","b","a","html"}</c>; in as <c>"#rgb"</c>,
    /// <c>"#rrggbb"</c>, <c>"#rrggbbaa"</c>, a named color, <c>{"r","g","b"(,"a")}</c> or
    /// <c>[r, g, b(, a)]</c>, components from 0 to 1.
    /// </summary>
    internal static class ColorJson
    {
        public const string Forms = "\"#rgb\", \"#rrggbb\", \"#rrggbbaa\", a color name such as \"red\", "
            + "{\"r\", \"g\", \"b\"(, \"a\")} or [r, g, b(, a)]";

        public static JObject Write(float r, float g, float b, float a)
        {
            var result = new JObject();
            result["r"] = FloatWire.ToWire(r);
            result["g"] = FloatWire.ToWire(g);
            result["b"] = FloatWire.ToWire(b);
            result["a"] = FloatWire.ToWire(a);
            result["html"] = "#" + Hex(r) + Hex(g) + Hex(b) + Hex(a);
            return result;
        }

        /// <summary>RGBA components; throws ValueConversionException when the JSON is no color.</summary>
        public static float[] Read(JToken json)
        {
            float[] rgba = null;
            if (json != null && json.Type == JTokenType.String)
                rgba = ParseText((string)json);
            else if (json is JArray)
                rgba = ReadArray((JArray)json);
            else if (json is JObject)
                rgba = ReadObject((JObject)json);
            if (rgba == null)
                throw new ValueConversionException(Forms);
            return rgba;
        }

        static float[] ParseText(string text)
        {
            string trimmed = text.Trim();
            if (trimmed.StartsWith("#", StringComparison.Ordinal))
                return ParseHex(trimmed.Substring(1));
            uint packed;
            return NamedColors.TryGet(trimmed, out packed) ? Unpack(packed) : null;
        }

        static float[] ParseHex(string hex)
        {
            if (hex.Length == 3 || hex.Length == 4)
            {
                var expanded = new char[hex.Length * 2];
                for (int i = 0; i < hex.Length; i++)
                    expanded[2 * i] = expanded[2 * i + 1] = hex[i];
                hex = new string(expanded);
            }
            if (hex.Length == 6)
                hex += "ff";
            uint packed;
            if (hex.Length != 8 || !uint.TryParse(hex, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out packed))
                return null;
            return Unpack(packed);
        }

        static float[] Unpack(uint rgba)
        {
            return new[]
            {
                ((rgba >> 24) & 0xff) / 255f, ((rgba >> 16) & 0xff) / 255f,
                ((rgba >> 8) & 0xff) / 255f, (rgba & 0xff) / 255f,
            };
        }

        static float[] ReadArray(JArray array)
        {
            if (array.Count != 3 && array.Count != 4)
                return null;
            var rgba = new float[] { 0, 0, 0, 1 };
            for (int i = 0; i < array.Count; i++)
            {
                double value;
                if (!FloatWire.TryRead(array[i], out value))
                    return null;
                rgba[i] = (float)value;
            }
            return rgba;
        }

        static float[] ReadObject(JObject obj)
        {
            string[] keys = { "r", "g", "b", "a" };
            var rgba = new float[] { 0, 0, 0, 1 };
            for (int i = 0; i < keys.Length; i++)
            {
                JToken component = obj[keys[i]];
                if (component == null && i == 3)
                    continue;
                double value;
                if (component == null || !FloatWire.TryRead(component, out value))
                    return null;
                rgba[i] = (float)value;
            }
            foreach (JProperty property in obj.Properties())
            {
                if (Array.IndexOf(keys, property.Name) < 0 && property.Name != "html")
                    return null;
            }
            return rgba;
        }

        static string Hex(float component)
        {
            double clamped = Math.Max(0.0, Math.Min(1.0, component));
            return ((int)Math.Round(clamped * 255.0)).ToString("x2", CultureInfo.InvariantCulture);
        }
    }
}
