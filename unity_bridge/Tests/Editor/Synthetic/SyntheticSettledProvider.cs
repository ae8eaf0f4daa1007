namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>Settled when no Mover moves and no scene change is pending.</summary>
    internal sealed class SyntheticSettledProvider : ISettledProvider
    {
        readonly SyntheticEngine _engine;

        public SyntheticSettledProvider(SyntheticEngine engine)
        {
            _engine = engine;
        }

        public string Name
        {
            get { return "synthetic animations"; }
        }

        public bool IsSettled()
        {
            if (_engine.LoadPending)
                return false;
            foreach (SynMover mover in SyntheticScenes.Movers(_engine.Root.ChildNodes))
            {
                if (mover.playing)
                    return false;
            }
            return true;
        }
    }
}
