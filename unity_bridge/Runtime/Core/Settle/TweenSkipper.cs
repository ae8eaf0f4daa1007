using System.Collections.Generic;

namespace AgentBridgeUnity.Core.Settle
{
    /// <summary>
    /// Agent mode's animation skip for a tween library: each tween is completed once, when it is
    /// first seen playing, with its callbacks (a delayed call fires at once); a tween that
    /// repeats forever is left running and does not keep the game unsettled, as in the Godot
    /// bridge. A tween that stops and later plays again (a restarted, reused tween) counts as new.
    /// Tweens started by a completion callback are completed on the next <see cref="Skip"/>.
    /// </summary>
    internal sealed class TweenSkipper
    {
        readonly ITweenSource _source;
        HashSet<object> _seen = new HashSet<object>();

        public TweenSkipper(ITweenSource source)
        {
            _source = source;
        }

        /// <summary>Completes the tweens that started since the last call.</summary>
        public void Skip()
        {
            var playing = new HashSet<object>();
            foreach (object tween in _source.Playing())
            {
                if (tween == null || !playing.Add(tween) || _seen.Contains(tween) || _source.LoopsForever(tween))
                    continue;
                _source.Complete(tween);
            }
            _seen = playing;
        }

        /// <summary>The tweens playing now that will end by themselves (infinite loops are left out).</summary>
        public int Finite()
        {
            int count = 0;
            foreach (object tween in _source.Playing())
            {
                if (tween != null && !_source.LoopsForever(tween))
                    count++;
            }
            return count;
        }
    }
}
