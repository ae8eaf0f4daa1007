using System;
using System.Collections;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Json;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Values
{
    /// <summary>Wire JSON to a declared .NET type, refusing anything that does not fit exactly.</summary>
    internal static class ValueFromWire
    {
        public static object Convert(JToken json, Type type, ValueMapper mapper)
        {
            if (json == null)
                json = JValue.CreateNull();
            if (typeof(JToken).IsAssignableFrom(type))
                return ToToken(json, type);
            if (type == typeof(object))
                return Untyped(JsonNumbers.Normalize(json));
            Type underlying = Nullable.GetUnderlyingType(type);
            if (underlying != null)
                return json.Type == JTokenType.Null ? null : Convert(json, underlying, mapper);
            if (type.IsEnum)
                return EnumValue(json, type);
            if (type == typeof(string))
                return StringValue(json);
            if (type == typeof(bool))
            {
                if (json.Type != JTokenType.Boolean)
                    throw new ValueConversionException("true or false");
                return json.Value<bool>();
            }
            if (FloatWire.IsFloatType(type))
                return System.Convert.ChangeType(FloatWire.Read(json), type);
            if (IsInteger(type))
                return IntegerValue(json, type);
            IWireConverter converter = mapper.ConverterFor(type);
            if (converter != null)
                return converter.FromWire(json, type, mapper);
            if (type.IsArray)
                return ArrayValue(json, type.GetElementType(), mapper);
            if (type.IsGenericType)
            {
                object collection = GenericCollection(json, type, mapper);
                if (collection != null)
                    return collection;
            }
            if (json.Type == JTokenType.Null && !type.IsValueType)
                return null;
            object node = NodeReference(json, type, mapper);
            if (node != null)
                return node;
            throw new ValueConversionException("a value convertible to " + TypeNames.Of(type)
                + " (this type cannot be set from JSON)");
        }

        /// <summary>
        /// A node of the tree named by a path string or <c>{"node": path}</c>, when it fits the
        /// type.
        /// </summary>
        static object NodeReference(JToken json, Type type, ValueMapper mapper)
        {
            string path = NodePath(json);
            if (path == null || mapper.Nodes == null || type.IsValueType)
                return null;
            object target = mapper.Nodes.TargetAt(path);
            if (target == null)
                throw new ValueConversionException("a node path; there is no node at " + path);
            if (!type.IsInstanceOfType(target))
                throw new ValueConversionException(String.Format("a node of type {0}; {1} is a {2}",
                    TypeNames.Of(type), path, TypeNames.OfValue(target)));
            return target;
        }

        /// <summary>The path in <c>"/root/..."</c> or <c>{"node": "/root/..."}</c>, or null.</summary>
        public static string NodePath(JToken json)
        {
            if (json.Type == JTokenType.String)
                return (string)json;
            var obj = json as JObject;
            if (obj != null && obj.Count == 1 && obj["node"] != null && obj["node"].Type == JTokenType.String)
                return (string)obj["node"];
            return null;
        }

        static object ToToken(JToken json, Type type)
        {
            if (!type.IsInstanceOfType(json))
                throw new ValueConversionException(type == typeof(JObject) ? "an object" : "an array");
            return json.DeepClone();
        }

        /// <summary>
        /// Plain .NET values for an untyped target: long, double, string, bool, lists,
        /// dictionaries.
        /// </summary>
        public static object Untyped(JToken json)
        {
            switch (json.Type)
            {
                case JTokenType.Object:
                    var dictionary = new Dictionary<string, object>();
                    foreach (JProperty property in ((JObject)json).Properties())
                        dictionary[property.Name] = Untyped(property.Value);
                    return dictionary;
                case JTokenType.Array:
                    var list = new List<object>();
                    foreach (JToken item in (JArray)json)
                        list.Add(Untyped(item));
                    return list;
                case JTokenType.Null:
                    return null;
                default:
                    return ((JValue)json).Value;
            }
        }

        static object StringValue(JToken json)
        {
            if (json.Type == JTokenType.Null)
                return null;
            if (json.Type != JTokenType.String)
                throw new ValueConversionException("a string");
            return (string)json;
        }

        static bool IsInteger(Type type)
        {
            return type == typeof(int) || type == typeof(long) || type == typeof(short) || type == typeof(byte)
                || type == typeof(uint) || type == typeof(ulong) || type == typeof(ushort) || type == typeof(sbyte);
        }

        static object IntegerValue(JToken json, Type type)
        {
            if (!JsonNumbers.IsWhole(json))
                throw new ValueConversionException("a whole number");
            try
            {
                return System.Convert.ChangeType(JsonNumbers.ToInteger(json).ToObject<decimal>(), type,
                    System.Globalization.CultureInfo.InvariantCulture);
            }
            catch (OverflowException)
            {
                throw new ValueConversionException("a whole number that fits in " + TypeNames.Of(type));
            }
        }

        static object EnumValue(JToken json, Type type)
        {
            string forms = "one of " + String.Join(", ", Enum.GetNames(type)) + " (or its number)";
            if (json.Type == JTokenType.String)
            {
                string text = ((string)json).Trim();
                int dot = text.LastIndexOf('.');
                if (dot >= 0 && text.Substring(0, dot) == type.Name)
                    text = text.Substring(dot + 1);
                try
                {
                    return Enum.Parse(type, text, true);
                }
                catch (ArgumentException)
                {
                    throw new ValueConversionException(forms);
                }
            }
            if (JsonNumbers.IsWhole(json))
            {
                object value = Enum.ToObject(type, JsonNumbers.ToInteger(json).Value<long>());
                bool isFlags = type.IsDefined(typeof(FlagsAttribute), false);
                if (isFlags || Enum.IsDefined(type, value))
                    return value;
            }
            throw new ValueConversionException(forms);
        }

        static object ArrayValue(JToken json, Type element, ValueMapper mapper)
        {
            var items = json as JArray;
            if (items == null)
                throw new ValueConversionException("an array of " + TypeNames.Of(element));
            Array array = Array.CreateInstance(element, items.Count);
            for (int i = 0; i < items.Count; i++)
                array.SetValue(Item(items[i], element, mapper, i), i);
            return array;
        }

        static object GenericCollection(JToken json, Type type, ValueMapper mapper)
        {
            Type definition = type.GetGenericTypeDefinition();
            Type[] arguments = type.GetGenericArguments();
            if (definition == typeof(List<>) || definition == typeof(IList<>) || definition == typeof(IEnumerable<>)
                || definition == typeof(IReadOnlyList<>) || definition == typeof(ICollection<>))
            {
                var items = json as JArray;
                if (items == null)
                    throw new ValueConversionException("an array of " + TypeNames.Of(arguments[0]));
                var list = (IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(arguments[0]));
                for (int i = 0; i < items.Count; i++)
                    list.Add(Item(items[i], arguments[0], mapper, i));
                return list;
            }
            if ((definition == typeof(Dictionary<,>) || definition == typeof(IDictionary<,>)) && arguments[0] == typeof(string))
            {
                var obj = json as JObject;
                if (obj == null)
                    throw new ValueConversionException("an object of " + TypeNames.Of(arguments[1]));
                var dictionary = (IDictionary)Activator.CreateInstance(typeof(Dictionary<,>).MakeGenericType(arguments));
                foreach (JProperty property in obj.Properties())
                    dictionary[property.Name] = Convert(property.Value, arguments[1], mapper);
                return dictionary;
            }
            return null;
        }

        static object Item(JToken json, Type element, ValueMapper mapper, int index)
        {
            try
            {
                return Convert(json, element, mapper);
            }
            catch (ValueConversionException error)
            {
                throw new ValueConversionException(String.Format("an array whose item {0} is {1}", index, error.Expected));
            }
        }
    }
}
