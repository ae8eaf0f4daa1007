using System;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Settle;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// Answers once the game was settled for quiet_frames frames in a row (wait with
    /// <c>settled: true</c>, or an action with <c>settled</c>), or fails with TIMEOUT. An action's
    /// wait may also be gated on its input having reached the game; with no quiet frames asked,
    /// only that gate is waited for.
    /// </summary>
    internal sealed class SettledWait : IPendingReply
    {
        readonly QuietFrameCounter _quiet;
        readonly Deadline _deadline;
        readonly Func<CommandContext, int, JToken> _finish;
        readonly string _timeoutSentence;
        readonly Func<bool> _delivered;
        int _waited;

        /// <param name="quietFrames">Settled frames needed in a row.</param>
        /// <param name="deadline">When to give up.</param>
        /// <param name="finish">Builds the data from the frames waited.</param>
        /// <param name="timeoutSentence">The TIMEOUT sentence: {0} the deadline (<c>5000 game ms
        /// (300 frames)</c>), {1} what was still busy.</param>
        /// <param name="delivered">Null, or a gate that must be open first (input delivered).</param>
        public SettledWait(int quietFrames, Deadline deadline, Func<CommandContext, int, JToken> finish,
            string timeoutSentence, Func<bool> delivered = null)
        {
            _quiet = quietFrames > 0 ? new QuietFrameCounter(quietFrames) : null;
            _delivered = delivered;
            _deadline = deadline;
            _finish = finish;
            _timeoutSentence = timeoutSentence;
        }

        public bool TryFinish(CommandContext context, out JToken data)
        {
            data = null;
            _waited++;
            string busy = null;
            bool done;
            if (_delivered != null && !_delivered())
            {
                busy = "input still on its way to the game";
                done = false;
                if (_quiet != null)
                    _quiet.Record(false);
            }
            else
            {
                done = _quiet == null || _quiet.Record(SettledCheck.IsSettled(context.SettledProviders(), out busy));
            }
            if (done)
            {
                data = _finish(context, _waited);
                return true;
            }
            if (_deadline.Passed(context))
                throw new CommandTimeoutException(String.Format(_timeoutSentence, _deadline,
                    busy == null ? "it was settled too briefly" : "still busy: " + busy));
            return false;
        }
    }
}
