using System;
using System.Collections.Generic;
using System.IO;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// The bridge's own command-line arguments: <c>--agent-mode</c> turns it on and
    /// <c>--agent-dir=DIR</c> (or <c>--agent-dir DIR</c>) names the session directory. Every other
    /// argument belongs to the engine or the game and is ignored.
    /// </summary>
    internal sealed class LaunchOptions
    {
        public const string AgentModeFlag = "--agent-mode";
        public const string AgentDirFlag = "--agent-dir";

        LaunchOptions(bool agentMode, string agentDir)
        {
            AgentMode = agentMode;
            AgentDir = agentDir;
        }

        public bool AgentMode { get; private set; }

        /// <summary>The session directory, or null when none was given.</summary>
        public string AgentDir { get; private set; }

        public static LaunchOptions Parse(IList<string> args)
        {
            bool agentMode = false;
            string agentDir = null;
            for (int i = 0; i < args.Count; i++)
            {
                string arg = args[i];
                if (arg == AgentModeFlag)
                    agentMode = true;
                else if (arg.StartsWith(AgentDirFlag + "=", StringComparison.Ordinal))
                    agentDir = arg.Substring(AgentDirFlag.Length + 1);
                else if (arg == AgentDirFlag && i + 1 < args.Count)
                    agentDir = args[++i];
            }
            if (agentDir != null && agentDir.Trim().Length == 0)
                agentDir = null;
            return new LaunchOptions(agentMode, agentDir);
        }

        /// <summary>The session directory to use: the given one, else a fresh one under the temp folder.</summary>
        public string SessionDirectoryOrDefault(int processId)
        {
            return AgentDir ?? Path.Combine(Path.GetTempPath(), "agent-bridge-session-" + processId);
        }
    }
}
