using System;
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

        /// <summary>
        /// Runs a request as a client's line would run (validated, then executed; one that needs
        /// frames keeps running), except that its answer is written nowhere: a failure goes to
        /// <paramref name="failed"/> (a cancellation does not). False when it could not start
        /// (unknown command, invalid arguments), <paramref name="failed"/> told why.
        /// </summary>
        bool Run(JToken id, string command, JObject args, Action<AgentBridgeException> failed);
    }
}
