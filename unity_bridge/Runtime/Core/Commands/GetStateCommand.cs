using System;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class GetStateCommand : BridgeCommand
    {
        public GetStateCommand() : base("get_state",
            "The game's own state, as its AgentBridge.RegisterState callback reports it.", ArgsSchema.None)
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            Func<object> state = context.Registry.StateHandler;
            if (state == null)
                throw new UnsupportedException("The game registered no state (AgentBridge.RegisterState).");
            return CommandReply.Now(context.Values.ToWire(state()));
        }
    }
}
