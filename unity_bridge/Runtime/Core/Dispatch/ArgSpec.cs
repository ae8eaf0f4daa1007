using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Json;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>
    /// The schema of one argument in the bridge's compact form (the same form the Godot bridge
    /// and <see cref="AgentBridge.RegisterCommand"/> use): a type, a description, and optionally
    /// <c>items</c>, <c>optional</c>, <c>default</c>, <c>minimum</c>, <c>maximum</c> and <c>enum</c>.
    /// </summary>
    internal sealed class ArgSpec
    {
        public const string Any = "any";
        static readonly HashSet<string> KnownTypes = new HashSet<string>
        {
            "integer", "number", "string", "boolean", "array", "object", Any,
        };

        public string Type { get; private set; }
        public string Description { get; private set; }
        public ArgSpec Items { get; private set; }
        public bool Optional { get; private set; }
        public JToken Default { get; private set; }
        public double? Minimum { get; private set; }
        public double? Maximum { get; private set; }
        public JArray Enum { get; private set; }

        ArgSpec(string type, string description)
        {
            Type = type;
            Description = description;
        }

        public static ArgSpec Of(string type, string description = null)
        {
            if (!KnownTypes.Contains(type))
                throw new ArgumentException("Unknown argument type '" + type + "'; use one of: "
                    + string.Join(", ", new List<string>(KnownTypes).ToArray()) + ".");
            return new ArgSpec(type, description);
        }

        public ArgSpec AsOptional()
        {
            Optional = true;
            return this;
        }

        public ArgSpec WithDefault(JToken value)
        {
            Default = value;
            return this;
        }

        public ArgSpec WithMinimum(double minimum)
        {
            Minimum = minimum;
            return this;
        }

        public ArgSpec WithMaximum(double maximum)
        {
            Maximum = maximum;
            return this;
        }

        /// <summary>Both bounds at once.</summary>
        public ArgSpec Within(double minimum, double maximum)
        {
            Minimum = minimum;
            Maximum = maximum;
            return this;
        }

        public ArgSpec WithItems(ArgSpec items)
        {
            Items = items;
            return this;
        }

        public ArgSpec WithEnum(JArray values)
        {
            Enum = values;
            return this;
        }

        /// <summary>True when the argument may be left out (optional, or has a default).</summary>
        public bool MayBeOmitted
        {
            get { return Optional || Default != null; }
        }

        /// <summary>Reads the compact form; throws ArgumentException on a malformed spec.</summary>
        public static ArgSpec FromJson(string name, JToken json)
        {
            var obj = json as JObject;
            if (obj == null)
                throw new ArgumentException("The schema of argument '" + name + "' must be an object such as {\"type\": \"integer\"}.");
            JToken type = obj["type"];
            ArgSpec spec = Of(type == null ? Any : type.Value<string>(), (string)obj["description"]);
            if (obj["items"] != null)
                spec.Items = FromJson(name + "[]", obj["items"]);
            JToken optional = obj["optional"];
            spec.Optional = optional != null && optional.Type == JTokenType.Boolean && optional.Value<bool>();
            if (obj["default"] != null)
                spec.Default = obj["default"].DeepClone();
            if (obj["minimum"] != null)
                spec.Minimum = obj["minimum"].Value<double>();
            if (obj["maximum"] != null)
                spec.Maximum = obj["maximum"].Value<double>();
            if (obj["enum"] is JArray)
                spec.Enum = (JArray)obj["enum"].DeepClone();
            return spec;
        }

        /// <summary>The JSON Schema form published by <c>hello</c>.</summary>
        public JObject ToJsonSchema()
        {
            var schema = new JObject();
            if (Type != Any)
                schema["type"] = Type;
            if (Description != null)
                schema["description"] = Description;
            if (Items != null)
                schema["items"] = Items.ToJsonSchema();
            if (Minimum.HasValue)
                schema["minimum"] = JsonNumbers.ToInteger(new JValue(Minimum.Value));
            if (Maximum.HasValue)
                schema["maximum"] = JsonNumbers.ToInteger(new JValue(Maximum.Value));
            if (Enum != null)
                schema["enum"] = Enum.DeepClone();
            if (Default != null)
                schema["default"] = Default.DeepClone();
            return schema;
        }

        /// <summary>"integer", "array of string"... for error sentences.</summary>
        public string Describe()
        {
            return Type == "array" && Items != null ? "array of " + Items.Describe() : Type;
        }
    }
}
