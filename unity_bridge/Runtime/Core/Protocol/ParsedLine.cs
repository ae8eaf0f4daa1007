using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Protocol
{
    /// <summary>A request line after parsing: either a request to run or an error to answer.</summary>
    internal sealed class ParsedLine
    {
        ParsedLine(Request request, JToken id, AgentBridgeException error)
        {
            Request = request;
            Id = id;
            Error = error;
        }

        /// <summary>The request, or null when the line failed.</summary>
        public Request Request { get; private set; }

        /// <summary>The id to answer with (null token when none could be read).</summary>
        public JToken Id { get; private set; }

        /// <summary>Why the line cannot run, or null.</summary>
        public AgentBridgeException Error { get; private set; }

        public static ParsedLine Ok(Request request)
        {
            return new ParsedLine(request, request.Id, null);
        }

        public static ParsedLine Failed(JToken id, AgentBridgeException error)
        {
            return new ParsedLine(null, id ?? JValue.CreateNull(), error);
        }
    }
}
