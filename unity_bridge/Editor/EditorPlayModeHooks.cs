using System;
using AgentBridgeUnity.Adapters.Bootstrap;
using UnityEditor;

namespace AgentBridgeUnity.Editor
{
    /// <summary>
    /// In the editor, the quit command ends play mode (Application.Quit does nothing there), and
    /// leaving play mode forgets the agent-mode arguments set by the menu.
    /// </summary>
    [InitializeOnLoad]
    internal static class EditorPlayModeHooks
    {
        static EditorPlayModeHooks()
        {
            EditorHooks.Quit = exitCode => EditorApplication.isPlaying = false;
            EditorApplication.playModeStateChanged += OnPlayModeChanged;
        }

        static void OnPlayModeChanged(PlayModeStateChange change)
        {
            if (change == PlayModeStateChange.EnteredEditMode)
                Environment.SetEnvironmentVariable(LaunchArguments.EditorVariable, null);
        }
    }
}
