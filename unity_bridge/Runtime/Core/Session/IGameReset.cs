using System;
using System.Collections.Generic;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// What <c>reset_game</c> needs from the engine to put the game back as it was launched
    /// without a relaunch (docs/PROTOCOL.md, "A fresh game without a relaunch"). The core does the
    /// rest: input, seed, clock, events, the order.
    /// </summary>
    internal interface IGameReset
    {
        /// <summary>
        /// Remembers the settings the game starts with (time scale, fixed step...); called once,
        /// when the bridge starts.
        /// </summary>
        void RememberLaunch();

        /// <summary>
        /// Destroys, now, every loaded scene's objects and the persistent objects the game made
        /// (Unity: DontDestroyOnLoad), the bridge's own left out, so that none of the game's code
        /// runs another frame; returns how many persistent objects went.
        /// </summary>
        int DestroyGameObjects();

        /// <summary>Settings the game or a test changed, back to their values at launch; returns how many.</summary>
        int RestoreSettings();

        /// <summary>
        /// The game's classes, but <paramref name="kept"/>, with their static fields set back to
        /// their initial values (<see cref="Reset.StaticFields"/>); returns how many.
        /// </summary>
        int ResetStatics(ICollection<Type> kept);

        /// <summary>
        /// Runs the game's own start-up code again (Unity: its <c>RuntimeInitializeOnLoadMethod</c>
        /// methods) of the phase before the first scene loads, or with <paramref name="afterSceneLoad"/>
        /// the phase after; returns their names, in the order they ran.
        /// </summary>
        List<string> RunStartup(bool afterSceneLoad);

        /// <summary>Starts loading the build's scene <paramref name="buildIndex"/> in place of every loaded one.</summary>
        IPendingSceneLoad LoadScene(int buildIndex);
    }
}
