using System;
using System.Collections.Generic;
using System.IO;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// The bridge's own command-line arguments: <c>--agent-mode</c> turns it on,
    /// <c>--agent-dir=DIR</c> (or <c>--agent-dir DIR</c>) names the session directory and
    /// <c>--agent-parent-pid=PID</c> names a client process whose end makes the game quit, and
    /// <c>-agentScene NAME</c> (a batch-mode editor's, Unity style) names the scene to open. Every
    /// other argument belongs to the engine or the game and is ignored.
    /// </summary>
    internal sealed class LaunchOptions
    {
        public const string AgentModeFlag = "--agent-mode";
        public const string AgentDirFlag = "--agent-dir";
        public const string ParentPidFlag = "--agent-parent-pid";
        public const string SceneFlag = "-agentScene";

        LaunchOptions(bool agentMode, string agentDir, int parentPid, string scene)
        {
            AgentMode = agentMode;
            AgentDir = agentDir;
            ParentPid = parentPid;
            Scene = scene;
        }

        public bool AgentMode { get; private set; }

        /// <summary>The session directory, or null when none was given.</summary>
        public string AgentDir { get; private set; }

        /// <summary>The client process to outlive no longer than a second, or 0.</summary>
        public int ParentPid { get; private set; }

        /// <summary>The scene a batch-mode editor opens before play mode, or null.</summary>
        public string Scene { get; private set; }

        public static LaunchOptions Parse(IList<string> args)
        {
            bool agentMode = false;
            string agentDir = null;
            int parentPid = 0;
            string scene = null;
            for (int i = 0; i < args.Count; i++)
            {
                string arg = args[i];
                if (arg == AgentModeFlag)
                    agentMode = true;
                else if (arg.StartsWith(AgentDirFlag + "=", StringComparison.Ordinal))
                    agentDir = arg.Substring(AgentDirFlag.Length + 1);
                else if (arg == AgentDirFlag && i + 1 < args.Count)
                    agentDir = args[++i];
                else if (arg.StartsWith(ParentPidFlag + "=", StringComparison.Ordinal))
                    int.TryParse(arg.Substring(ParentPidFlag.Length + 1), out parentPid);
                else if (arg.StartsWith(SceneFlag + "=", StringComparison.Ordinal))
                    scene = arg.Substring(SceneFlag.Length + 1);
                else if (arg == SceneFlag && i + 1 < args.Count)
                    scene = args[++i];
            }
            if (agentDir != null && agentDir.Trim().Length == 0)
                agentDir = null;
            if (scene != null && scene.Trim().Length == 0)
                scene = null;
            return new LaunchOptions(agentMode, agentDir, parentPid, scene);
        }

        /// <summary>
        /// The session directory to use: the given one, else a fresh one under the temp folder.
        /// </summary>
        public string SessionDirectoryOrDefault(int processId)
        {
            return AgentDir ?? Path.Combine(Path.GetTempPath(), "agent-bridge-session-" + processId);
        }
    }
}
