using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>The ordered argument specs of one command.</summary>
    internal sealed class ArgsSchema
    {
        readonly List<KeyValuePair<string, ArgSpec>> _specs = new List<KeyValuePair<string, ArgSpec>>();

        public static ArgsSchema None
        {
            get { return new ArgsSchema(); }
        }

        public IReadOnlyList<KeyValuePair<string, ArgSpec>> Specs
        {
            get { return _specs; }
        }

        public ArgsSchema Add(string name, ArgSpec spec)
        {
            _specs.Add(new KeyValuePair<string, ArgSpec>(name, spec));
            return this;
        }

        public ArgSpec Find(string name)
        {
            foreach (var pair in _specs)
            {
                if (pair.Key == name)
                    return pair.Value;
            }
            return null;
        }

        public IEnumerable<string> Names
        {
            get
            {
                foreach (var pair in _specs)
                    yield return pair.Key;
            }
        }

        /// <summary>
        /// Reads a game's schema: the compact form <c>{"name": {"type": ...}}</c>, or a full JSON
        /// Schema object with <c>properties</c> and <c>required</c>. Null means no arguments.
        /// </summary>
        public static ArgsSchema FromJson(JObject json)
        {
            var schema = new ArgsSchema();
            if (json == null)
                return schema;
            var properties = json["properties"] as JObject;
            if (properties != null && (string)json["type"] == "object")
            {
                var required = new HashSet<string>();
                var list = json["required"] as JArray;
                if (list != null)
                    foreach (JToken name in list)
                        required.Add((string)name);
                foreach (JProperty property in properties.Properties())
                {
                    ArgSpec spec = ArgSpec.FromJson(property.Name, property.Value);
                    if (!required.Contains(property.Name) && !spec.MayBeOmitted)
                        spec.AsOptional();
                    schema.Add(property.Name, spec);
                }
                return schema;
            }
            foreach (JProperty property in json.Properties())
                schema.Add(property.Name, ArgSpec.FromJson(property.Name, property.Value));
            return schema;
        }

        /// <summary>The JSON Schema <c>hello</c> publishes.</summary>
        public JObject ToJsonSchema()
        {
            var properties = new JObject();
            var required = new JArray();
            foreach (var pair in _specs)
            {
                properties[pair.Key] = pair.Value.ToJsonSchema();
                if (!pair.Value.MayBeOmitted)
                    required.Add(pair.Key);
            }
            var schema = new JObject();
            schema["type"] = "object";
            schema["properties"] = properties;
            schema["required"] = required;
            schema["additionalProperties"] = false;
            return schema;
        }

        public string DescribeNames()
        {
            var names = new List<string>(Names);
            return names.Count == 0 ? "none" : String.Join(", ", names.ToArray());
        }
    }
}
