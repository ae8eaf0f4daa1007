using System;
using System.IO;
using AgentBridgeUnity.Adapters.Bootstrap;
using UnityEditor;
using UnityEngine;

namespace AgentBridgeUnity.Editor
{
    /// <summary>
    /// Editor menu items to run the game in agent mode without building a player: the bridge
    /// reads its arguments from an environment variable of the editor process, and a client
    /// attaches to the session folder (<c>AgentClient.attach</c>). Leaving play mode ends agent mode.
    /// The game runs in realtime here: lockstep's hold blocks the main thread, which in the
    /// interactive editor would freeze the editor's own window between requests (send pause to
    /// hold the game, and step or wait to advance it).
    /// </summary>
    internal static class AgentModeMenu
    {
        const string PlayItem = "Tools/Agent Bridge/Play in Agent Mode";
        const string RevealItem = "Tools/Agent Bridge/Open Session Folder";

        /// <summary>The session folder the editor uses: Library/AgentBridgeSession in the project.</summary>
        static string SessionDirectory
        {
            get { return Path.GetFullPath(Path.Combine(Application.dataPath, "..", "Library", "AgentBridgeSession")); }
        }

        [MenuItem(PlayItem)]
        static void PlayInAgentMode()
        {
            Environment.SetEnvironmentVariable(LaunchArguments.EditorVariable,
                "--agent-mode\n--agent-time=realtime\n--agent-dir=" + SessionDirectory);
            Debug.Log("AgentBridge: entering play mode in agent mode; session " + SessionDirectory);
            EditorApplication.isPlaying = true;
        }

        [MenuItem(PlayItem, true)]
        static bool CanPlayInAgentMode()
        {
            return !EditorApplication.isPlayingOrWillChangePlaymode;
        }

        [MenuItem(RevealItem)]
        static void RevealSessionFolder()
        {
            Directory.CreateDirectory(SessionDirectory);
            EditorUtility.RevealInFinder(SessionDirectory);
        }
    }
}
