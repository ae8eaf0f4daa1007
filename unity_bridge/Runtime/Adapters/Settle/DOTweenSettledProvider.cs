using AgentBridgeUnity.Core.Settle;

namespace AgentBridgeUnity.Adapters.Settle
{
    /// <summary>
    /// Settled when DOTween plays no tween that ends by itself; infinite loops are ignored
    /// (registered only when DOTween is present).
    /// </summary>
    internal sealed class DOTweenSettledProvider : ISettledProvider
    {
        readonly TweenSkipper _tweens;

        public DOTweenSettledProvider(TweenSkipper tweens)
        {
            _tweens = tweens;
        }

        public string Name
        {
            get { return "DOTween"; }
        }

        public bool IsSettled()
        {
            return _tweens.Finite() == 0;
        }
    }
}
