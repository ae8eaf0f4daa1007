using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Protocol;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>A request line waiting for its response, possibly across frames.</summary>
    internal sealed class QueuedRequest
    {
        public QueuedRequest(RawLine line)
        {
            Line = line;
        }

        public RawLine Line { get; private set; }

        public ParsedLine Parsed { get; set; }

        /// <summary>Set while a command answers in a later frame.</summary>
        public CommandReply Reply { get; set; }

        /// <summary>
        /// The tick on which the command started; a pending reply is first asked on the next one.
        /// </summary>
        public long StartedTick { get; set; }

        public bool Started
        {
            get { return Parsed != null; }
        }
    }
}
