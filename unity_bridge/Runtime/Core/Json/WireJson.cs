using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Json
{
    /// <summary>Writes JTokens as one compact JSON line (no raw newlines can appear in it).</summary>
    internal static class WireJson
    {
        public static string Serialize(JToken token)
        {
            return token == null ? "null" : token.ToString(Formatting.None);
        }
    }
}
