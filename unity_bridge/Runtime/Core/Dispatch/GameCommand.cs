using System;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>A command registered by the game through <see cref="AgentBridge.RegisterCommand"/>.</summary>
    internal sealed class GameCommand : IBridgeCommand
    {
        readonly Func<JObject, object> _handler;

        public GameCommand(string name, Func<JObject, object> handler, ArgsSchema schema, string description)
        {
            Name = name;
            _handler = handler;
            Schema = schema;
            Description = description ?? "";
        }

        public string Name { get; private set; }
        public string Description { get; private set; }
        public ArgsSchema Schema { get; private set; }

        public string Source
        {
            get { return "game"; }
        }

        public CommandReply Execute(CommandContext context, JObject args)
        {
            object result = _handler(args);
            return CommandReply.Now(context.Values.ToWire(result));
        }
    }
}
