using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class GetEventsCommand : BridgeCommand
    {
        public GetEventsCommand() : base("get_events",
            "Drain the event queue: everything that happened since the last response.", ArgsSchema.None)
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            EventBatch batch = context.Events.Drain();
            var data = new JObject();
            data["events"] = batch.Events;
            data["dropped"] = batch.Dropped;
            return CommandReply.Now(data);
        }
    }
}
