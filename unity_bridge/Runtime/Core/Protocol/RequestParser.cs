using AgentBridgeUnity.Core.Json;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Protocol
{
    /// <summary>
    /// Turns one request line into a <see cref="Request"/> or a PARSE_ERROR / INVALID_REQUEST /
    /// INVALID_ARGS, following docs/PROTOCOL.md sections 2 and 3. A line refused unread, or that
    /// is not JSON, keeps the id its start names when it is complete (<c>{"id": 43,</c>), else
    /// null; a JSON object keeps its valid id, also when it nests
    /// deeper than <see cref="StrictJsonParser.RequestDepth"/> levels (INVALID_ARGS).
    /// </summary>
    internal static class RequestParser
    {
        public static ParsedLine Parse(RawLine line)
        {
            if (line.Refusal != null)
                return ParsedLine.Failed(line.Id, line.Refusal);
            JToken parsed;
            bool tooDeep;
            try
            {
                parsed = StrictJsonParser.Parse(line.Content, StrictJsonParser.RequestDepth, out tooDeep);
            }
            catch (ParseException error)
            {
                // The id, when the line starts with a complete {"id": ..., as Godot answers.
                byte[] bytes = System.Text.Encoding.UTF8.GetBytes(line.Content);
                return ParsedLine.Failed(LineHeadId.Find(bytes, 0, bytes.Length), error);
            }
            var request = parsed as JObject;
            if (tooDeep)
                return ParsedLine.Failed(request == null ? null : NormalizeId(request["id"]), new InvalidArgsException(
                    "The request nests deeper than " + StrictJsonParser.RequestDepth + " levels."));
            if (request == null)
                return ParsedLine.Failed(null, new InvalidRequestException(
                    "A request must be a JSON object, not " + Describe(parsed) + "."));
            JToken id = NormalizeId(request["id"]);
            if (id == null)
                return ParsedLine.Failed(null, new InvalidRequestException(
                    "A request needs an \"id\" that is an integer or a string."));
            var command = request["cmd"];
            if (command == null || command.Type != JTokenType.String)
                return ParsedLine.Failed(id, new InvalidRequestException("A request needs a \"cmd\" string."));
            JToken args = request["args"];
            if (args == null || args.Type == JTokenType.Null)
                args = new JObject();
            if (args.Type != JTokenType.Object)
                return ParsedLine.Failed(id, new InvalidRequestException("\"args\" must be a JSON object."));
            return ParsedLine.Ok(new Request(id, command.Value<string>(), (JObject)args));
        }

        /// <summary>An integer or string id as it must be echoed, or null when the id is not valid.</summary>
        static JToken NormalizeId(JToken id)
        {
            if (id == null)
                return null;
            if (id.Type == JTokenType.String || id.Type == JTokenType.Integer)
                return id;
            if (id.Type == JTokenType.Float && JsonNumbers.IsWhole(id))
                return JsonNumbers.ToInteger(id);
            return null;
        }

        static string Describe(JToken token)
        {
            switch (token.Type)
            {
                case JTokenType.Array: return "an array";
                case JTokenType.String: return "a string";
                case JTokenType.Integer:
                case JTokenType.Float: return "a number";
                case JTokenType.Boolean: return "a boolean";
                default: return "null";
            }
        }
    }
}
