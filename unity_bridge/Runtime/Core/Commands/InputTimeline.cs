using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// Runs timed inputs frame-exactly (<c>hold</c>, <c>input_sequence</c>): frame 0 is the frame
    /// boundary the request starts on; on frame k the inputs that end at k are released, then those
    /// that start at k are pressed, so the game sees an input pressed for exactly its frames. It
    /// answers on the frame the last input is released; a held game advances for it. Cancelled or
    /// failing, it releases what it pressed.
    /// </summary>
    internal sealed class InputTimeline : IPendingReply, ICancellableReply
    {
        /// <summary>frame -> what changes there, built once so a frame looks up only its own.</summary>
        readonly Dictionary<int, Changes> _schedule = new Dictionary<int, Changes>();
        readonly List<TimedInput> _pressed = new List<TimedInput>();
        readonly IPlayerInput _player;
        readonly JObject _data;
        readonly int _total;
        int _frame;

        InputTimeline(List<TimedInput> inputs, IPlayerInput player, JObject data)
        {
            _player = player;
            _data = data;
            foreach (TimedInput input in inputs)
            {
                At(input.Start).Presses.Add(input);
                At(input.End).Releases.Add(input);
                _total = Math.Max(_total, input.End);
            }
        }

        /// <summary>The frames the timeline takes: the last release.</summary>
        public static int Length(List<TimedInput> inputs)
        {
            int total = 0;
            foreach (TimedInput input in inputs)
                total = Math.Max(total, input.End);
            return total;
        }

        /// <summary>Starts the timeline (its frame 0 now) and answers <paramref name="data"/> once it ran.</summary>
        public static CommandReply Run(IPlayerInput player, List<TimedInput> inputs, JObject data)
        {
            var timeline = new InputTimeline(inputs, player, data);
            timeline.Play(0);
            return CommandReply.Later(timeline);
        }

        public bool TryFinish(CommandContext context, out JToken data)
        {
            data = null;
            _frame++;
            Play(_frame);
            if (_frame < _total)
                return false;
            data = _data;
            return true;
        }

        /// <summary>Releases what is still pressed.</summary>
        public void Cancel(CommandContext context)
        {
            ReleasePressed();
        }

        Changes At(int frame)
        {
            Changes changes;
            if (!_schedule.TryGetValue(frame, out changes))
            {
                changes = new Changes();
                _schedule.Add(frame, changes);
            }
            return changes;
        }

        /// <summary>Frame <paramref name="frame"/>: releases the inputs ending there, presses those starting there.</summary>
        void Play(int frame)
        {
            Changes changes;
            if (!_schedule.TryGetValue(frame, out changes))
                return;
            try
            {
                foreach (TimedInput input in changes.Releases)
                {
                    _pressed.Remove(input);
                    input.Send(_player, false);
                }
                foreach (TimedInput input in changes.Presses)
                {
                    input.Send(_player, true);
                    _pressed.Add(input);
                }
            }
            catch
            {
                ReleasePressed();
                throw;
            }
        }

        /// <summary>Releases, best effort, every input pressed and not yet released.</summary>
        void ReleasePressed()
        {
            foreach (TimedInput input in _pressed)
            {
                try
                {
                    input.Send(_player, false);
                }
                catch (Exception)
                {
                    // releasing is best effort: the failure that stopped the timeline is what is answered
                }
            }
            _pressed.Clear();
        }

        /// <summary>What one frame of the timeline changes, in the order it is sent.</summary>
        sealed class Changes
        {
            public readonly List<TimedInput> Releases = new List<TimedInput>();
            public readonly List<TimedInput> Presses = new List<TimedInput>();
        }
    }
}
