using System;
using AgentBridgeUnity.Adapters.Bootstrap;
using UnityEditor;

namespace AgentBridgeUnity.Editor
{
    /// <summary>
    /// In the editor, the quit command ends play mode (Application.Quit does nothing there);
    /// leaving play mode forgets the agent-mode arguments set by the menu, and ends a batch-mode
    /// editor's session with the game's exit code (<see cref="BatchSession"/>).
    /// </summary>
    [InitializeOnLoad]
    internal static class EditorPlayModeHooks
    {
        static EditorPlayModeHooks()
        {
            EditorHooks.Quit = Quit;
            EditorApplication.playModeStateChanged += OnPlayModeChanged;
            BatchSession.Watch();
        }

        static void Quit(int exitCode)
        {
            BatchSession.RecordExitCode(exitCode);
            EditorApplication.isPlaying = false;
        }

        static void OnPlayModeChanged(PlayModeStateChange change)
        {
            if (change != PlayModeStateChange.EnteredEditMode)
                return;
            Environment.SetEnvironmentVariable(LaunchArguments.EditorVariable, null);
            BatchSession.PlayModeEnded();
        }
    }
}
