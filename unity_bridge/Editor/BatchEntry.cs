using UnityEditor;

namespace AgentBridgeUnity.Editor
{
    /// <summary>
    /// Entry point for a batch-mode editor started by a client:
    /// <c>Unity -batchmode -projectPath P -executeMethod AgentBridgeUnity.Editor.BatchEntry.Run --agent-mode --agent-dir=DIR</c>.
    /// The editor keeps the command line, so the runtime bootstrap sees <c>--agent-mode</c> when
    /// play mode starts; this only enters play mode.
    /// </summary>
    public static class BatchEntry
    {
        /// <summary>Enters play mode; the bridge activates from the command line arguments.</summary>
        public static void Run()
        {
            EditorApplication.isPlaying = true;
        }
    }
}
