using System.Collections.Generic;
using AgentBridgeUnity.Core.Values;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// Everything the engine-independent core needs from an engine. The Unity adapter implements
    /// it over UnityEngine; the headless test host implements it over a synthetic scene.
    /// </summary>
    internal interface IEngineHost
    {
        /// <summary><c>unity</c> for the Unity bridge.</summary>
        string EngineName { get; }

        string EngineVersion { get; }

        string GameName { get; }

        /// <summary>The engine's frame counter.</summary>
        long Frame { get; }

        /// <summary>A monotonic clock in milliseconds, for timeouts.</summary>
        double NowMs { get; }

        /// <summary>
        /// The bridge's own engine object (its node is readable, left out of snapshots and
        /// off-limits to set_property and call_method); null when the bridge has none.
        /// </summary>
        object BridgeTarget { get; }

        /// <summary>The node behind <c>/root</c>.</summary>
        ISceneNode CreateRoot();

        /// <summary>The engine's own walkers; the game's come after them.</summary>
        IReadOnlyList<ISceneWalker> Walkers { get; }

        /// <summary>The engine's own settled providers; the game's come after them.</summary>
        IReadOnlyList<ISettledProvider> SettledProviders { get; }

        IReadOnlyList<IWireConverter> Converters { get; }

        ISceneLoader Scenes { get; }

        IScreenshotter Screenshots { get; }

        /// <summary>Clicks at screen points; null when the engine has no screen.</summary>
        IPointerInput Pointer { get; }

        /// <summary>Hover, drag, keys, text and the wheel; null when the engine has no input to drive.</summary>
        IPlayerInput Input { get; }

        /// <summary>Time scale, pause and step.</summary>
        ITimeControl TimeControl { get; }

        /// <summary>A person's input and the window, for recordings; null when the engine has none.</summary>
        IInputCapture Capture { get; }

        /// <summary>What reset_game needs from the engine; null when it cannot reset a game.</summary>
        IGameReset GameReset { get; }

        /// <summary>Where the game's files are (Unity: Application.dataPath), for a replay file's header.</summary>
        string ProjectPath { get; }

        /// <summary>Ends the process with <paramref name="exitCode"/> once this frame is done.</summary>
        void Quit(int exitCode);

        /// <summary>Writes a line to the engine log.</summary>
        void Log(string message);
    }
}
