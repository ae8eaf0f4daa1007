using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Protocol;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// hello: protocol, engine, game, the session's <c>time</c> (<see cref="GameClock.Describe"/>)
    /// and the command list, small by default
    /// (<c>{"name", "source"}</c> each); with <c>schemas: true</c> every command also has its
    /// <c>description</c> and <c>args_schema</c>.
    /// </summary>
    internal sealed class HelloCommand : BridgeCommand
    {
        public HelloCommand() : base("hello",
            "Protocol version, engine, game and the commands (with descriptions and argument schemas on request).",
            new ArgsSchema().Add("schemas", ArgSpec.Of("boolean", "also each command's description and args_schema")
                .WithDefault(false)))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            bool schemas = (bool)args["schemas"];
            var commands = new JArray();
            foreach (IBridgeCommand command in context.Commands.All())
            {
                var entry = new JObject();
                entry["name"] = command.Name;
                // The short form leaves the bridge's source out, so hello stays small.
                if (schemas || command.Source != "bridge")
                    entry["source"] = command.Source;
                if (schemas)
                {
                    entry["description"] = command.Description;
                    entry["args_schema"] = command.Schema.ToJsonSchema();
                }
                commands.Add(entry);
            }
            var data = new JObject();
            data["protocol"] = ProtocolInfo.Version;
            data["engine"] = context.Engine.EngineName;
            data["engine_version"] = context.Engine.EngineVersion;
            data["game"] = context.Engine.GameName;
            data["agent_mode"] = context.Registry.AgentMode;
            data["frame"] = context.Clock.Frame;
            data["time"] = context.Clock.Describe();
            data["commands"] = commands;
            return CommandReply.Now(data);
        }
    }
}
