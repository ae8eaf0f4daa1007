using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>What the <c>cancel</c> command may do to the requests still running.</summary>
    internal interface IRequestControl
    {
        /// <summary>
        /// Answers the running request with <paramref name="id"/> CANCELLED now and drops its own
        /// answer; false when no request with that id runs.
        /// </summary>
        bool Cancel(JToken id);
    }
}
