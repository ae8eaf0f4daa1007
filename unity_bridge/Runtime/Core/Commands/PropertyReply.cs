using AgentBridgeUnity.Core.Members;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// <c>{"value", "type"}</c>: the value on the wire and its engine type (the runtime type when
    /// there is a value).
    /// </summary>
    internal static class PropertyReply
    {
        public static JObject Of(TypedValue read, CommandContext context)
        {
            var data = new JObject();
            data["value"] = context.Values.ToWire(read.Value);
            data["type"] = read.Value == null ? TypeNames.Of(read.Type) : TypeNames.OfValue(read.Value);
            return data;
        }
    }
}
