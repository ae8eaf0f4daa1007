using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// cancel: stops a request that is still running (a long wait, a step, an action waiting to
    /// settle). That request is answered CANCELLED at once and its own answer is never written;
    /// cancel answers <c>{"cancelled": id}</c>, or NOT_FOUND when no request with that id runs.
    /// </summary>
    internal sealed class CancelCommand : BridgeCommand
    {
        public CancelCommand() : base("cancel",
            "Stop a request that is still running (a long wait): it answers CANCELLED at once.",
            new ArgsSchema().Add("id", ArgSpec.Of(ArgSpec.Any, "the id of a request still running")))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            JToken id = JsonNumbers.ToInteger(args["id"]);
            bool valid = id.Type == JTokenType.Integer || id.Type == JTokenType.String;
            if (!valid || context.Requests == null || !context.Requests.Cancel(id))
                throw new NotFoundException("No request with id " + WireJson.Serialize(args["id"])
                    + " is running (it may have been answered already).");
            return CommandReply.Now(new JObject(new JProperty("cancelled", id)));
        }
    }
}
