using System;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>
    /// What a command produced: data now, or a pending reply; and what to do after answering.
    /// </summary>
    internal sealed class CommandReply
    {
        CommandReply(JToken data, IPendingReply pending)
        {
            Data = data;
            Pending = pending;
        }

        public JToken Data { get; private set; }

        public IPendingReply Pending { get; private set; }

        /// <summary>Runs once the response line is written (quit exits the engine there).</summary>
        public Action AfterResponse { get; private set; }

        public static CommandReply Now(JToken data)
        {
            return new CommandReply(data ?? JValue.CreateNull(), null);
        }

        public static CommandReply Later(IPendingReply pending)
        {
            return new CommandReply(null, pending);
        }

        /// <summary>True when no request after this one is started (quit).</summary>
        public bool EndsSession { get; private set; }

        public CommandReply Then(Action afterResponse)
        {
            AfterResponse = afterResponse;
            return this;
        }

        /// <summary>Marks the reply as the session's last: the lines after it are not started.</summary>
        public CommandReply EndingSession()
        {
            EndsSession = true;
            return this;
        }
    }
}
