using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Protocol;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class HelloCommand : BridgeCommand
    {
        public HelloCommand() : base("hello",
            "Protocol version, engine, game and every command with its argument schema.", ArgsSchema.None)
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            var commands = new JArray();
            foreach (IBridgeCommand command in context.Commands.All())
            {
                var entry = new JObject();
                entry["name"] = command.Name;
                entry["description"] = command.Description;
                entry["args_schema"] = command.Schema.ToJsonSchema();
                entry["source"] = command.Source;
                commands.Add(entry);
            }
            var data = new JObject();
            data["protocol"] = ProtocolInfo.Version;
            data["engine"] = context.Engine.EngineName;
            data["engine_version"] = context.Engine.EngineVersion;
            data["game"] = context.Engine.GameName;
            data["agent_mode"] = context.Registry.AgentMode;
            data["frame"] = context.Engine.Frame;
            data["commands"] = commands;
            return CommandReply.Now(data);
        }
    }
}
