namespace AgentBridgeUnity
{
    /// <summary>
    /// One condition of "settled" (<c>wait</c> with <c>settled: true</c>): the game is settled when
    /// every provider reports settled for <c>quiet_frames</c> consecutive frames. The bridge
    /// ships providers for DOTween, Animator transitions and scene loads; a game adds its own with
    /// <see cref="AgentBridge.AddSettlePredicate(ISettledProvider)"/> (for example "no command is being processed").
    /// </summary>
    public interface ISettledProvider
    {
        /// <summary>A short name used in TIMEOUT sentences, e.g. <c>DOTween</c>.</summary>
        string Name { get; }

        /// <summary>True when this provider sees nothing moving or pending this frame.</summary>
        bool IsSettled();
    }
}
