using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Protocol
{
    /// <summary>A well-formed request: an id (integer or string), a command name and its args.</summary>
    internal sealed class Request
    {
        public Request(JToken id, string command, JObject args)
        {
            Id = id;
            Command = command;
            Args = args;
        }

        /// <summary>The id exactly as it will be echoed (an integer or a string token).</summary>
        public JToken Id { get; private set; }

        public string Command { get; private set; }

        public JObject Args { get; private set; }
    }
}
