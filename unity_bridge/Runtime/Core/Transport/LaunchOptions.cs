using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using AgentBridgeUnity.Core.Session;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// The bridge's own command-line arguments: <c>--agent-mode</c> turns it on,
    /// <c>--agent-dir=DIR</c> names the session directory, <c>--agent-parent-pid=PID</c> names a
    /// client process whose end makes the game quit, <c>--agent-time=lockstep|realtime</c>,
    /// <c>--agent-fps=N</c> and <c>--agent-seed=N</c> say how game time runs
    /// (<see cref="TimeSettings"/>), <c>--agent-record</c> records a replay file from the first
    /// frame (docs/REPLAY.md), and <c>-agentScene NAME</c> (a batch-mode editor's, Unity style)
    /// names the scene to open. Each takes its value after <c>=</c> or as the next
    /// argument. Every other argument belongs to the engine or the game and is ignored.
    /// </summary>
    internal sealed class LaunchOptions
    {
        public const string AgentModeFlag = "--agent-mode";
        public const string AgentDirFlag = "--agent-dir";
        public const string ParentPidFlag = "--agent-parent-pid";
        public const string TimeFlag = "--agent-time";
        public const string FpsFlag = "--agent-fps";
        public const string SeedFlag = "--agent-seed";
        public const string SceneFlag = "-agentScene";
        public const string RecordFlag = "--agent-record";

        readonly List<string> _problems = new List<string>();

        LaunchOptions()
        {
        }

        public bool AgentMode { get; private set; }

        /// <summary>The session directory, or null when none was given.</summary>
        public string AgentDir { get; private set; }

        /// <summary>The client process to outlive no longer than a second, or 0.</summary>
        public int ParentPid { get; private set; }

        /// <summary>True when the game records a replay file from its first frame.</summary>
        public bool Record { get; private set; }

        /// <summary>The scene a batch-mode editor opens before play mode, or null.</summary>
        public string Scene { get; private set; }

        /// <summary>How game time runs: the time arguments, each defaulted when absent or unreadable.</summary>
        public TimeSettings Time { get; private set; }

        /// <summary>
        /// A sentence for each time argument that could not be read and was replaced by its
        /// default; the bridge writes them to the engine log.
        /// </summary>
        public IReadOnlyList<string> Problems
        {
            get { return _problems; }
        }

        public static LaunchOptions Parse(IList<string> args)
        {
            var options = new LaunchOptions();
            string mode = TimeSettings.Lockstep;
            int fps = TimeSettings.DefaultFps;
            int seed = 0;
            for (int i = 0; i < args.Count; i++)
            {
                string value;
                if (args[i] == AgentModeFlag)
                    options.AgentMode = true;
                else if (args[i] == RecordFlag)
                    options.Record = true;
                else if ((value = ValueOf(args, ref i, AgentDirFlag)) != null)
                    options.AgentDir = value.Trim().Length == 0 ? null : value;
                else if ((value = ValueOf(args, ref i, ParentPidFlag)) != null)
                    options.ParentPid = options.Number(ParentPidFlag, value, 0, 0, int.MaxValue);
                else if ((value = ValueOf(args, ref i, TimeFlag)) != null)
                    mode = options.Mode(value);
                else if ((value = ValueOf(args, ref i, FpsFlag)) != null)
                    fps = options.Number(FpsFlag, value, TimeSettings.DefaultFps, 1, TimeSettings.MaxFps);
                else if ((value = ValueOf(args, ref i, SeedFlag)) != null)
                    seed = options.Number(SeedFlag, value, 0, int.MinValue, int.MaxValue);
                else if ((value = ValueOf(args, ref i, SceneFlag)) != null)
                    options.Scene = value.Trim().Length == 0 ? null : value;
            }
            options.Time = new TimeSettings(mode, fps, seed);
            return options;
        }

        /// <summary>
        /// The value of <paramref name="flag"/> when <c>args[i]</c> is it (<c>flag=value</c>, or
        /// <c>flag value</c>, which moves <paramref name="i"/> past the value); else null.
        /// </summary>
        static string ValueOf(IList<string> args, ref int i, string flag)
        {
            string arg = args[i];
            if (arg.StartsWith(flag + "=", StringComparison.Ordinal))
                return arg.Substring(flag.Length + 1);
            if (arg == flag && i + 1 < args.Count)
                return args[++i];
            return null;
        }

        string Mode(string value)
        {
            if (value == TimeSettings.Lockstep || value == TimeSettings.Realtime)
                return value;
            _problems.Add(String.Format("{0}={1}: the mode is {2} or {3}; using {2}.", TimeFlag, value,
                TimeSettings.Lockstep, TimeSettings.Realtime));
            return TimeSettings.Lockstep;
        }

        int Number(string flag, string value, int fallback, int minimum, int maximum)
        {
            long number;
            if (long.TryParse(value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out number)
                && number >= minimum && number <= maximum)
                return (int)number;
            _problems.Add(String.Format("{0}={1}: a whole number from {2} to {3} is needed; using {4}.", flag, value,
                minimum, maximum, fallback));
            return fallback;
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
