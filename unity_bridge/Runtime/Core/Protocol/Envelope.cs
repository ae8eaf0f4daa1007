using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Protocol
{
    /// <summary>
    /// Builds response lines: <c>{"id", "ok", "data" | "error"+"code"(+"head"), "events",
    /// "frame"}</c>.
    /// </summary>
    internal static class Envelope
    {
        public static JObject Success(JToken id, JToken data, JArray events, long dropped, long frame)
        {
            var response = new JObject();
            response["id"] = id ?? JValue.CreateNull();
            response["ok"] = true;
            response["data"] = data ?? JValue.CreateNull();
            return Finish(response, events, dropped, frame);
        }

        /// <summary>
        /// A failure; <c>head</c>, for a line the bridge could not read (or whose id it could not
        /// read), is the line's first bytes as hex, naming the line to the client that wrote it.
        /// </summary>
        public static JObject Failure(JToken id, AgentBridgeException error, JArray events, long dropped, long frame,
            string head = null)
        {
            var response = new JObject();
            response["id"] = id ?? JValue.CreateNull();
            response["ok"] = false;
            response["error"] = error.Message;
            response["code"] = error.WireCode;
            if (head != null)
                response["head"] = head;
            return Finish(response, events, dropped, frame);
        }

        static JObject Finish(JObject response, JArray events, long dropped, long frame)
        {
            response["events"] = events ?? new JArray();
            response["frame"] = frame;
            if (dropped > 0)
                response["dropped_events"] = dropped;
            return response;
        }
    }
}
