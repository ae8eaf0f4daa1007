using System;
using System.Globalization;
using AgentBridgeUnity.Core.Json;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Values
{
    /// <summary>Floats on the wire: numbers, with NaN and the infinities as strings.</summary>
    internal static class FloatWire
    {
        public const string NaN = "NaN";
        public const string Infinity = "Infinity";
        public const string NegativeInfinity = "-Infinity";
        public const string Forms = "a number, or \"NaN\", \"Infinity\", \"-Infinity\"";

        public static JToken ToWire(double value)
        {
            if (double.IsNaN(value))
                return NaN;
            if (double.IsPositiveInfinity(value))
                return Infinity;
            if (double.IsNegativeInfinity(value))
                return NegativeInfinity;
            return new JValue(value);
        }

        /// <summary>A float widened without binary noise: 0.1f becomes 0.1, not 0.10000000149.</summary>
        public static JToken ToWire(float value)
        {
            if (float.IsNaN(value) || float.IsInfinity(value))
                return ToWire((double)value);
            return ToWire(double.Parse(value.ToString("R", CultureInfo.InvariantCulture), CultureInfo.InvariantCulture));
        }

        public static bool TryRead(JToken json, out double value)
        {
            value = 0;
            if (JsonNumbers.IsNumber(json))
            {
                value = json.Value<double>();
                return true;
            }
            if (json == null || json.Type != JTokenType.String)
                return false;
            switch ((string)json)
            {
                case NaN: value = double.NaN; return true;
                case Infinity: value = double.PositiveInfinity; return true;
                case NegativeInfinity: value = double.NegativeInfinity; return true;
                default: return false;
            }
        }

        public static double Read(JToken json)
        {
            double value;
            if (!TryRead(json, out value))
                throw new ValueConversionException(Forms);
            return value;
        }

        /// <summary>True for the float and double types.</summary>
        public static bool IsFloatType(Type type)
        {
            return type == typeof(float) || type == typeof(double);
        }
    }
}
