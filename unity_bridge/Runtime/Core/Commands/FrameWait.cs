using System;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// A wait asked once a frame: answers <c>{"frames_waited", "frame"}</c> once it is met, or
    /// TIMEOUT once its <see cref="Deadline"/> passed (wait with <c>event</c>, <c>node</c> or
    /// <c>text</c>). A wait for <c>frames</c> has no deadline: it always runs exactly that many.
    /// </summary>
    internal sealed class FrameWait : IPendingReply
    {
        readonly Func<CommandContext, int, bool> _met;
        readonly Deadline _deadline;
        readonly Func<int, string> _timeoutSentence;
        int _waited;

        /// <param name="met">Whether the wait is over, given the frames waited so far.</param>
        /// <param name="deadline">When to give up; null: never.</param>
        /// <param name="timeoutSentence">The TIMEOUT sentence, given the frames waited (null without a deadline).</param>
        FrameWait(Func<CommandContext, int, bool> met, Deadline deadline, Func<int, string> timeoutSentence)
        {
            _met = met;
            _deadline = deadline;
            _timeoutSentence = timeoutSentence;
        }

        /// <summary>Waits exactly <paramref name="frames"/> frames, however long they take (the protocol's rule).</summary>
        public static FrameWait Frames(int frames)
        {
            return new FrameWait((context, waited) => waited >= frames, null, null);
        }

        /// <summary>Waits until <paramref name="condition"/> holds, checked after every frame.</summary>
        public static FrameWait Until(StepCondition condition, Deadline deadline)
        {
            return new FrameWait((context, waited) => condition.Met(context), deadline,
                waited => String.Format("{0} did not happen within {1}.", condition, deadline));
        }

        /// <summary>The data of a finished wait.</summary>
        public static JObject Data(CommandContext context, int framesWaited)
        {
            var data = new JObject();
            data["frames_waited"] = framesWaited;
            data["frame"] = context.Clock.Frame;
            return data;
        }

        public bool TryFinish(CommandContext context, out JToken data)
        {
            data = null;
            _waited++;
            if (_met(context, _waited))
            {
                data = Data(context, _waited);
                return true;
            }
            if (_deadline != null && _deadline.Passed(context))
                throw new CommandTimeoutException(_timeoutSentence(_waited));
            return false;
        }
    }
}
