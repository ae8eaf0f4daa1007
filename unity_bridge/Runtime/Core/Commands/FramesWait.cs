using System;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>wait with <c>frames</c>: answers after that many frames, or TIMEOUT.</summary>
    internal sealed class FramesWait : IPendingReply
    {
        readonly int _frames;
        readonly double _deadline;
        readonly long _timeoutMs;
        int _waited;

        public FramesWait(int frames, double deadline, long timeoutMs)
        {
            _frames = frames;
            _deadline = deadline;
            _timeoutMs = timeoutMs;
        }

        public bool TryFinish(CommandContext context, out JToken data)
        {
            data = null;
            _waited++;
            if (_waited >= _frames)
            {
                data = new JObject(new JProperty("frames_waited", _waited));
                return true;
            }
            if (context.Engine.NowMs > _deadline)
                throw new CommandTimeoutException(String.Format("Waited {0} of {1} frames in {2} ms.", _waited, _frames, _timeoutMs));
            return false;
        }
    }
}
