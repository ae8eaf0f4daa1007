using System;
using AgentBridgeUnity.Core.Dispatch;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>A request whose command answers in a later frame, while it runs.</summary>
    internal sealed class RunningRequest
    {
        public RunningRequest(JToken id, string command, CommandReply reply, long startedTick, Action<AgentBridgeException> quiet)
        {
            Id = id;
            Command = command;
            Reply = reply;
            StartedTick = startedTick;
            Quiet = quiet;
        }

        /// <summary>
        /// Null for a client's request, whose answer is written; else a replayed request's, whose
        /// answer is written nowhere and whose failure goes here.
        /// </summary>
        public Action<AgentBridgeException> Quiet { get; private set; }

        /// <summary>The request's id, as it is echoed.</summary>
        public JToken Id { get; private set; }

        public string Command { get; private set; }

        public CommandReply Reply { get; private set; }

        /// <summary>The tick the command started on; its reply is first asked on the next one.</summary>
        public long StartedTick { get; private set; }
    }
}
