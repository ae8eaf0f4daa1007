using System.Collections.Generic;

namespace AgentBridgeUnity.Core.Settle
{
    /// <summary>A tween library as agent mode sees it (DOTween, reached by reflection).</summary>
    internal interface ITweenSource
    {
        /// <summary>The tweens playing now (waiting in a delay counts as playing).</summary>
        IList<object> Playing();

        /// <summary>True for a tween that repeats forever (DOTween: <c>Loops() == -1</c>).</summary>
        bool LoopsForever(object tween);

        /// <summary>Jumps the tween to its end, running its callbacks.</summary>
        void Complete(object tween);
    }
}
