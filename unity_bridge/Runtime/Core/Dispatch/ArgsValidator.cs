using System;
using AgentBridgeUnity.Core.Json;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>
    /// Checks a request's args against a command's schema and returns them ready for the
    /// handler: defaults filled in, whole-number floats turned into integers where an integer (or
    /// any value) is expected. Every refusal is INVALID_ARGS with one sentence.
    /// </summary>
    internal static class ArgsValidator
    {
        public static JObject Validate(string command, ArgsSchema schema, JObject args)
        {
            foreach (JProperty given in args.Properties())
            {
                if (schema.Find(given.Name) == null)
                    throw new InvalidArgsException(String.Format(
                        "{0} does not take an argument '{1}' (arguments: {2}).",
                        command, given.Name, schema.DescribeNames()));
            }
            var result = new JObject();
            foreach (var pair in schema.Specs)
            {
                JToken value = args[pair.Key];
                if (value == null)
                {
                    if (pair.Value.Default != null)
                        result[pair.Key] = pair.Value.Default.DeepClone();
                    else if (!pair.Value.Optional)
                        throw new InvalidArgsException(String.Format(
                            "{0} needs the argument '{1}' ({2}).", command, pair.Key, pair.Value.Describe()));
                    continue;
                }
                string problem;
                JToken checkedValue = Check(value, pair.Value, out problem);
                if (problem != null)
                    throw new InvalidArgsException(String.Format(
                        "{0}: argument '{1}' must be {2}, got {3}.",
                        command, pair.Key, problem, WireJson.Serialize(value)));
                result[pair.Key] = checkedValue;
            }
            return result;
        }

        /// <summary>
        /// The one of <paramref name="names"/> the validated <paramref name="args"/> give;
        /// INVALID_ARGS with <paramref name="sentence"/> when they give none or several.
        /// </summary>
        public static string OneOf(JObject args, string[] names, string sentence)
        {
            string given = null;
            foreach (string name in names)
            {
                if (args[name] == null)
                    continue;
                if (given != null)
                    throw new InvalidArgsException(sentence);
                given = name;
            }
            if (given == null)
                throw new InvalidArgsException(sentence);
            return given;
        }

        /// <summary>The value converted for the spec, or null with <paramref name="problem"/> set.</summary>
        static JToken Check(JToken value, ArgSpec spec, out string problem)
        {
            problem = null;
            JToken result = value;
            switch (spec.Type)
            {
                case "integer":
                    if (!JsonNumbers.IsWhole(value))
                        problem = "an integer";
                    else
                        result = JsonNumbers.ToInteger(value);
                    break;
                case "number":
                    if (!JsonNumbers.IsNumber(value))
                        problem = "a number";
                    break;
                case "string":
                    if (value.Type != JTokenType.String)
                        problem = "a string";
                    break;
                case "boolean":
                    if (value.Type != JTokenType.Boolean)
                        problem = "true or false";
                    break;
                case "object":
                    if (value.Type != JTokenType.Object)
                        problem = "an object";
                    break;
                case "array":
                    result = CheckItems(value, spec, out problem);
                    break;
                default:
                    result = JsonNumbers.Normalize(value);
                    break;
            }
            if (problem != null)
                return null;
            if (spec.Minimum.HasValue && JsonNumbers.IsNumber(result) && result.Value<double>() < spec.Minimum.Value)
                problem = "at least " + Bound(spec.Minimum.Value);
            else if (spec.Maximum.HasValue && JsonNumbers.IsNumber(result) && result.Value<double>() > spec.Maximum.Value)
                problem = "at most " + Bound(spec.Maximum.Value);
            else if (spec.Enum != null && !Contains(spec.Enum, result))
                problem = "one of " + WireJson.Serialize(spec.Enum);
            return problem == null ? result : null;
        }

        static string Bound(double bound)
        {
            return bound.ToString("R", System.Globalization.CultureInfo.InvariantCulture);
        }

        static JToken CheckItems(JToken value, ArgSpec spec, out string problem)
        {
            problem = null;
            var array = value as JArray;
            if (array == null)
            {
                problem = "an array";
                return null;
            }
            if (spec.Items == null)
                return JsonNumbers.Normalize(array);
            var items = new JArray();
            foreach (JToken item in array)
            {
                string itemProblem;
                JToken checkedItem = Check(item, spec.Items, out itemProblem);
                if (itemProblem != null)
                {
                    problem = "an array of " + spec.Items.Describe();
                    return null;
                }
                items.Add(checkedItem);
            }
            return items;
        }

        static bool Contains(JArray values, JToken value)
        {
            foreach (JToken candidate in values)
            {
                if (JToken.DeepEquals(candidate, value))
                    return true;
            }
            return false;
        }
    }
}
