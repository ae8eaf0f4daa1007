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
        readonly List<TimedInput> _inputs;
        readonly IPlayerInput _player;
        readonly JObject _data;
        readonly int _total;
        int _frame;

        InputTimeline(List<TimedInput> inputs, IPlayerInput player, JObject data)
        {
            _inputs = inputs;
            _player = player;
            _data = data;
            _total = Length(inputs);
        }

        /// <summary>The frames the timeline takes: the last release.</summary>
        public static int Length(List<TimedInput> inputs)
        {
            int total = 0;
            foreach (TimedInput input in inputs)
                total = Math.Max(total, input.End);
            return total;
        }

        /// <summary>
        /// Starts the timeline (its frame 0 now) and answers <paramref name="data"/> once it ran;
        /// INVALID_ARGS, sending nothing, when two inputs hold the same thing over common frames.
        /// </summary>
        public static CommandReply Run(IPlayerInput player, List<TimedInput> inputs, JObject data)
        {
            for (int i = 0; i < inputs.Count; i++)
            {
                for (int j = i + 1; j < inputs.Count; j++)
                {
                    if (inputs[i].Overlaps(inputs[j]))
                        throw new InvalidArgsException(String.Format(
                            "Entries {0} ({1}) and {2} ({3}) hold the same input over common frames.", i, inputs[i], j, inputs[j]));
                }
            }
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
            ReleasePressed(_frame);
        }

        /// <summary>Frame <paramref name="frame"/>: releases the inputs ending there, presses those starting there.</summary>
        void Play(int frame)
        {
            try
            {
                foreach (TimedInput input in _inputs)
                {
                    if (input.End == frame)
                        input.Send(_player, false);
                }
                foreach (TimedInput input in _inputs)
                {
                    if (input.Start == frame)
                        input.Send(_player, true);
                }
            }
            catch
            {
                ReleasePressed(frame);
                throw;
            }
        }

        /// <summary>Releases, best effort, every input pressed before <paramref name="frame"/> and not yet released.</summary>
        void ReleasePressed(int frame)
        {
            foreach (TimedInput input in _inputs)
            {
                if (input.Start > frame || input.End <= frame)
                    continue;
                try
                {
                    input.Send(_player, false);
                }
                catch (Exception)
                {
                    // releasing is best effort: the failure that stopped the timeline is what is answered
                }
            }
        }
    }
}
