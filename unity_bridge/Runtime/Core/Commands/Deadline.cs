using System;
using AgentBridgeUnity.Core.Session;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// When a wait, or an action's settling, gives up: after <c>timeout_ms</c> of game time in
    /// lockstep (ceil(ms * fps / 1000) frames from the start, however long they take on the wall
    /// clock), after <c>timeout_ms</c> of the wall clock in realtime.
    /// </summary>
    internal sealed class Deadline
    {
        readonly long _timeoutMs;
        readonly long _startFrame;
        readonly long _frames;
        readonly double _wallEndMs;

        Deadline(long timeoutMs, long startFrame, long frames, double wallEndMs)
        {
            _timeoutMs = timeoutMs;
            _startFrame = startFrame;
            _frames = frames;
            _wallEndMs = wallEndMs;
        }

        /// <summary>A deadline <paramref name="timeoutMs"/> from now, in the session's time mode.</summary>
        public static Deadline Start(CommandContext context, long timeoutMs)
        {
            TimeSettings time = context.Clock.Settings;
            if (time.IsLockstep)
                return new Deadline(timeoutMs, context.Clock.Frame, time.FramesIn(timeoutMs), double.NaN);
            return new Deadline(timeoutMs, 0, -1, context.Engine.NowMs + timeoutMs);
        }

        bool InFrames
        {
            get { return _frames >= 0; }
        }

        /// <summary>True once the time is up.</summary>
        public bool Passed(CommandContext context)
        {
            if (InFrames)
                return context.Clock.Frame - _startFrame >= _frames;
            return context.Engine.NowMs > _wallEndMs;
        }

        /// <summary>For sentences: <c>5000 game ms (300 frames)</c> or <c>5000 ms</c>.</summary>
        public override string ToString()
        {
            return InFrames ? String.Format("{0} game ms ({1} frames)", _timeoutMs, _frames) : _timeoutMs + " ms";
        }
    }
}
