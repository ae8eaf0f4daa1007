using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>The base of the bridge's built-in commands: name, description and schema are fixed.</summary>
    internal abstract class BridgeCommand : IBridgeCommand
    {
        protected BridgeCommand(string name, string description, ArgsSchema schema)
        {
            Name = name;
            Description = description;
            Schema = schema;
        }

        public string Name { get; private set; }
        public string Description { get; private set; }
        public ArgsSchema Schema { get; private set; }

        public string Source
        {
            get { return "bridge"; }
        }

        public abstract CommandReply Execute(CommandContext context, JObject args);
    }
}
