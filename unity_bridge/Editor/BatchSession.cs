using System;
using AgentBridgeUnity.Core.Transport;
using UnityEditor;
using UnityEngine;

namespace AgentBridgeUnity.Editor
{
    /// <summary>
    /// A batch-mode editor started by <see cref="BatchEntry"/> lives as long as its game: it exits
    /// with the game's exit code once play mode ends (after <c>quit</c>, or for any other reason),
    /// with 3 when the project's scripts do not compile (play mode cannot start), and with 0 when
    /// the client process named by <c>--agent-parent-pid</c> is gone while no game runs (in play
    /// mode the bridge itself watches it and quits). The state lives in SessionState, so it
    /// survives the domain reloads of entering and leaving play mode.
    /// </summary>
    internal static class BatchSession
    {
        public const int BadSceneExitCode = 2;
        public const int CompileErrorExitCode = 3;
        const string ActiveKey = "AgentBridge.BatchSession.Active";
        const string ExitCodeKey = "AgentBridge.BatchSession.ExitCode";

        static ParentWatch _parent;

        /// <summary>True in an editor started through <see cref="BatchEntry.Run"/>.</summary>
        public static bool Active
        {
            get { return Application.isBatchMode && SessionState.GetBool(ActiveKey, false); }
        }

        public static void Begin()
        {
            SessionState.SetBool(ActiveKey, true);
            SessionState.SetInt(ExitCodeKey, 0);
            Watch();
        }

        /// <summary>Starts watching (again, after a domain reload) when this is a batch session.</summary>
        public static void Watch()
        {
            if (!Active)
                return;
            _parent = new ParentWatch(LaunchOptions.Parse(Environment.GetCommandLineArgs()).ParentPid);
            EditorApplication.update -= Check;
            EditorApplication.update += Check;
        }

        /// <summary>Remembers the game's exit code for when play mode has ended.</summary>
        public static void RecordExitCode(int exitCode)
        {
            SessionState.SetInt(ExitCodeKey, exitCode);
        }

        /// <summary>Play mode ended: the editor exits with the game's exit code.</summary>
        public static void PlayModeEnded()
        {
            if (Active)
                ExitNow(SessionState.GetInt(ExitCodeKey, 0));
        }

        public static void ExitNow(int exitCode)
        {
            SessionState.SetBool(ActiveKey, false);
            EditorApplication.update -= Check;
            Debug.Log("AgentBridge: the batch-mode editor exits with code " + exitCode + ".");
            EditorApplication.Exit(exitCode);
        }

        static void Check()
        {
            if (EditorApplication.isPlayingOrWillChangePlaymode)
                return;
            if (EditorUtility.scriptCompilationFailed)
            {
                Debug.LogError("AgentBridge: the project's scripts do not compile, so play mode cannot start.");
                ExitNow(CompileErrorExitCode);
            }
            else if (_parent != null && _parent.ParentGone(EditorApplication.timeSinceStartup * 1000.0))
            {
                Debug.Log("AgentBridge: the client that started this editor is gone.");
                ExitNow(0);
            }
        }
    }
}
