using System;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// What a person does to the game that a replay file keeps (docs/REPLAY.md): the input events
    /// their devices send, and the window. The bridge's own input (sent for a request) is left out:
    /// the request is recorded and sends it again when replayed.
    /// </summary>
    internal interface IInputCapture
    {
        /// <summary>
        /// Where a person's input is seen: <c>input_system</c> (Unity's Input System event
        /// stream), <c>none</c> when the engine lets the bridge see no input events (Unity's
        /// legacy Input Manager), or another host's name.
        /// </summary>
        string Source { get; }

        /// <summary>
        /// From now on every input event a person's devices send goes to <paramref name="sink"/>,
        /// as its wire object, when the engine hands it to the game; false when nothing can be
        /// seen (<see cref="Source"/> <c>none</c>).
        /// </summary>
        bool Start(Action<JObject> sink);

        /// <summary>Stops sending events to the sink.</summary>
        void Stop();

        /// <summary>
        /// Presses and releases a person made that could be seen but not recorded since
        /// <see cref="Start"/> (the legacy Input Manager's key and button presses).
        /// </summary>
        int Unrecorded { get; }

        /// <summary>
        /// Queues a recorded event so that it reaches the game where the person's did: with the
        /// engine's next input update. Null, or a sentence saying why it cannot be rebuilt.
        /// </summary>
        string Replay(JObject recorded);

        /// <summary>The window's width in pixels.</summary>
        int WindowWidth { get; }

        /// <summary>The window's height in pixels.</summary>
        int WindowHeight { get; }

        /// <summary>Whether the window has the keyboard focus.</summary>
        bool Focused { get; }

        /// <summary>Whether the game draws frames (a window, not a headless or batch-mode player).</summary>
        bool Rendered { get; }
    }
}
