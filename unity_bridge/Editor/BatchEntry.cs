using System;
using AgentBridgeUnity.Core.Transport;
using UnityEditor;

namespace AgentBridgeUnity.Editor
{
    /// <summary>
    /// Entry point for a batch-mode editor started by a client:
    /// <c>Unity -batchmode -projectPath P -executeMethod AgentBridgeUnity.Editor.BatchEntry.Run
    /// -agentScene NAME --agent-mode --agent-dir=DIR --agent-parent-pid=PID</c>. Opens the scene
    /// (a name or path from the Build Settings, else any scene asset of the project), enters play
    /// mode, where the runtime bootstrap sees <c>--agent-mode</c> on the editor's command line and
    /// serves the session, and exits the editor with the game's exit code on <c>quit</c>, when play
    /// mode ends, or when the client process is gone (see <see cref="BatchSession"/>).
    /// </summary>
    public static class BatchEntry
    {
        /// <summary>Opens the asked scene and enters play mode; exits with code 2 for an unknown scene.</summary>
        public static void Run()
        {
            LaunchOptions options = LaunchOptions.Parse(Environment.GetCommandLineArgs());
            BatchSession.Begin();
            if (options.Scene != null && !BatchScenes.Open(options.Scene))
                return;
            EditorApplication.isPlaying = true;
        }
    }
}
