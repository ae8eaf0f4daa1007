namespace AgentBridgeUnity.Adapters.Settle
{
    /// <summary>Settled when DOTween plays no tween (registered only when DOTween is present).</summary>
    internal sealed class DOTweenSettledProvider : ISettledProvider
    {
        readonly DOTweenReflection _dotween;

        public DOTweenSettledProvider(DOTweenReflection dotween)
        {
            _dotween = dotween;
        }

        public string Name
        {
            get { return "DOTween"; }
        }

        public bool IsSettled()
        {
            return _dotween.PlayingTweens() == 0;
        }
    }
}
