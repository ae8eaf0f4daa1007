using System;
using System.Collections.Generic;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Bootstrap
{
    /// <summary>
    /// Where the bridge's arguments come from: the player's command line; in the editor also
    /// the variable the "Play in Agent Mode" menu sets (one argument per line). A release player
    /// ignores them unless the project defines <c>AGENT_BRIDGE_ENABLE_IN_RELEASE</c>.
    /// </summary>
    internal static class LaunchArguments
    {
        public const string EditorVariable = "AGENT_BRIDGE_EDITOR_ARGS";

        public static List<string> Current()
        {
            var args = new List<string>(Environment.GetCommandLineArgs());
            if (Application.isEditor)
            {
                string extra = Environment.GetEnvironmentVariable(EditorVariable);
                if (!string.IsNullOrEmpty(extra))
                    args.AddRange(extra.Split('\n'));
            }
            return args;
        }

        /// <summary>True in the editor, in development builds, and in release builds that opted in.</summary>
        public static bool AllowedInThisBuild
        {
            get
            {
#if AGENT_BRIDGE_ENABLE_IN_RELEASE
                return true;
#else
                return Application.isEditor || Debug.isDebugBuild;
#endif
            }
        }
    }
}
