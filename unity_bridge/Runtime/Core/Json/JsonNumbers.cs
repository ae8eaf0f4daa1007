using System;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Json
{
    /// <summary>
    /// Helpers for JSON numbers: whole-number floats read as integers, as the protocol asks.
    /// </summary>
    internal static class JsonNumbers
    {
        /// <summary>True for an integer token, or a finite float with no fractional part.</summary>
        public static bool IsWhole(JToken token)
        {
            if (token == null)
                return false;
            if (token.Type == JTokenType.Integer)
                return true;
            if (token.Type != JTokenType.Float)
                return false;
            double value = token.Value<double>();
            return !double.IsNaN(value) && !double.IsInfinity(value) && Math.Floor(value) == value
                && Math.Abs(value) < 9.0e15;
        }

        /// <summary>The token as an integer token when it is whole, else unchanged.</summary>
        public static JToken ToInteger(JToken token)
        {
            if (token != null && token.Type == JTokenType.Float && IsWhole(token))
                return new JValue((long)token.Value<double>());
            return token;
        }

        /// <summary>A deep copy with every whole-number float turned into an integer.</summary>
        public static JToken Normalize(JToken token)
        {
            if (token == null)
                return null;
            switch (token.Type)
            {
                case JTokenType.Float:
                    return ToInteger(token);
                case JTokenType.Array:
                    var array = new JArray();
                    foreach (JToken item in (JArray)token)
                        array.Add(Normalize(item));
                    return array;
                case JTokenType.Object:
                    var obj = new JObject();
                    foreach (JProperty property in ((JObject)token).Properties())
                        obj[property.Name] = Normalize(property.Value);
                    return obj;
                default:
                    return token.DeepClone();
            }
        }

        /// <summary>True for an integer or float token.</summary>
        public static bool IsNumber(JToken token)
        {
            return token != null && (token.Type == JTokenType.Integer || token.Type == JTokenType.Float);
        }
    }
}
