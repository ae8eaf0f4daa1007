namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// What the bridge's time protocol needs from the engine (docs/PROTOCOL.md, section 8). The
    /// hold itself is the core's (<see cref="BridgeRuntime.Hold"/>): a held engine simply does not
    /// get to run its next frame. The game's own pause (its time scale) stays the game's: the
    /// bridge reads it and only <c>set_time_scale</c> writes it.
    /// </summary>
    internal interface ITimeControl
    {
        /// <summary>The game's own time scale (Unity: Time.timeScale).</summary>
        double TimeScale { get; }

        /// <summary>Fixed (physics) steps run so far.</summary>
        long PhysicsFrame { get; }

        /// <summary>Fixed (physics) steps a game second (Unity: 1 / Time.fixedDeltaTime, rounded).</summary>
        int PhysicsTicks { get; }

        /// <summary>Sets the game's time scale (above 0), as set_time_scale asks.</summary>
        void SetTimeScale(double scale);

        /// <summary>
        /// Makes every frame exactly 1/<paramref name="fps"/> s of game time, however long it
        /// takes on the wall clock (Unity: Time.captureFramerate); physics steps then follow the
        /// game's own fixed step against that game time. Called once, when the session starts.
        /// </summary>
        void FixFrameRate(int fps);

        /// <summary>
        /// Seeds the engine's global random generator (Unity: Random.InitState). Called once,
        /// when the session starts, before the first scene's objects wake where the engine allows.
        /// </summary>
        void Seed(int seed);

        /// <summary>
        /// How fast frames follow each other: <paramref name="realTime"/> true, about the fixed
        /// frame rate a wall second (a game running on its own); false, as fast as the engine can
        /// (a held game advancing for a request).
        /// </summary>
        void Pace(bool realTime);
    }
}
