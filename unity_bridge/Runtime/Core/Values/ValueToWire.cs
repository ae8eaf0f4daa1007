using System;
using System.Collections;
using System.Reflection;
using System.Runtime.CompilerServices;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Values
{
    /// <summary>Engine value to wire JSON: primitives as is, floats with NaN/infinity as strings,
    /// enums by name, collections as arrays and objects, engine types through converters.</summary>
    internal static class ValueToWire
    {
        const int MaxDepth = 8;
        const int MaxItems = 10000;

        public static JToken Convert(object value, ValueMapper mapper, int depth)
        {
            if (value == null)
                return JValue.CreateNull();
            var token = value as JToken;
            if (token != null)
                return token.DeepClone();
            Type type = value.GetType();
            if (value is string || value is bool)
                return new JValue(value);
            if (value is char)
                return new JValue(value.ToString());
            if (value is float)
                return FloatWire.ToWire((float)value);
            if (value is double)
                return FloatWire.ToWire((double)value);
            if (value is decimal)
                return FloatWire.ToWire((double)(decimal)value);
            if (type.IsEnum)
                return EnumToWire(value, type);
            if (type.IsPrimitive)
                return value is ulong ? new JValue((ulong)value) : new JValue(System.Convert.ToInt64(value));
            IWireConverter converter = mapper.ConverterFor(type);
            if (converter != null)
                return converter.ToWire(value, mapper);
            if (value is Type)
                return ((Type)value).Name;
            if (depth >= MaxDepth)
                return ClassOnly(type);
            if (value is IDictionary)
                return DictionaryToWire((IDictionary)value, mapper, depth);
            if (value is IEnumerable)
                return ListToWire((IEnumerable)value, mapper, depth);
            if (IsPlainData(type))
            {
                JObject members = MembersToWire(value, type, mapper, depth);
                if (members.Count > 0)
                    return members;
            }
            string path = mapper.Nodes == null ? null : mapper.Nodes.PathOf(value);
            return path != null ? NodeReference(path) : ClassOnly(type);
        }

        /// <summary><c>{"node": path}</c>: how an object that is a node of the tree travels.</summary>
        public static JObject NodeReference(string path)
        {
            var result = new JObject();
            result["node"] = path;
            return result;
        }

        static JToken EnumToWire(object value, Type type)
        {
            string name = value.ToString();
            long number;
            // An undefined value prints as a number: keep it a number.
            if (long.TryParse(name, out number))
                return new JValue(number);
            return new JValue(name);
        }

        static JObject DictionaryToWire(IDictionary dictionary, ValueMapper mapper, int depth)
        {
            var result = new JObject();
            foreach (DictionaryEntry entry in dictionary)
                result[System.Convert.ToString(entry.Key, System.Globalization.CultureInfo.InvariantCulture)] =
                    Convert(entry.Value, mapper, depth + 1);
            return result;
        }

        static JArray ListToWire(IEnumerable items, ValueMapper mapper, int depth)
        {
            var result = new JArray();
            foreach (object item in items)
            {
                if (result.Count >= MaxItems)
                    break;
                result.Add(Convert(item, mapper, depth + 1));
            }
            return result;
        }

        /// <summary>
        /// Anonymous types and [Serializable] classes and structs are data: show their public
        /// members.
        /// </summary>
        static bool IsPlainData(Type type)
        {
            if (typeof(Delegate).IsAssignableFrom(type) || typeof(Exception).IsAssignableFrom(type))
                return false;
            bool anonymous = type.IsDefined(typeof(CompilerGeneratedAttribute), false) && type.Name.Contains("Anon");
            return anonymous || type.IsSerializable;
        }

        static JObject MembersToWire(object value, Type type, ValueMapper mapper, int depth)
        {
            var result = new JObject();
            foreach (FieldInfo field in type.GetFields(BindingFlags.Public | BindingFlags.Instance))
                result[field.Name] = Convert(field.GetValue(value), mapper, depth + 1);
            foreach (PropertyInfo property in type.GetProperties(BindingFlags.Public | BindingFlags.Instance))
            {
                if (property.CanRead && property.GetIndexParameters().Length == 0)
                    result[property.Name] = Convert(property.GetValue(value, null), mapper, depth + 1);
            }
            return result;
        }

        static JObject ClassOnly(Type type)
        {
            var result = new JObject();
            result["class"] = TypeNames.Of(type);
            return result;
        }
    }
}
