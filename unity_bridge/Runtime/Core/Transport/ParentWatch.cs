using System;
using System.Diagnostics;
using System.IO;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// Watches the client process named by <c>--agent-parent-pid</c>, at most once a second, so a
    /// game started by a client that died does not run forever. On Linux a zombie (a process
    /// that ended but was not reaped by its own parent yet) counts as gone.
    /// </summary>
    internal sealed class ParentWatch
    {
        const double IntervalMs = 1000;
        readonly int _pid;
        double _nextCheckMs;

        public ParentWatch(int pid)
        {
            _pid = pid;
        }

        /// <summary>True once the parent is known to be gone (never when no parent was given).</summary>
        public bool ParentGone(double nowMs)
        {
            if (_pid <= 0 || nowMs < _nextCheckMs)
                return false;
            _nextCheckMs = nowMs + IntervalMs;
            return !IsAlive(_pid);
        }

        static bool IsAlive(int pid)
        {
            if (Directory.Exists("/proc/self"))
                return IsRunningStat(ReadStat(pid));
            try
            {
                using (Process process = Process.GetProcessById(pid))
                    return !process.HasExited;
            }
            catch (ArgumentException)
            {
                return false;
            }
            catch (Exception)
            {
                return true; // the platform cannot tell: assume the parent lives
            }
        }

        static string ReadStat(int pid)
        {
            try
            {
                return File.ReadAllText("/proc/" + pid + "/stat");
            }
            catch (IOException)
            {
                return null;
            }
            catch (UnauthorizedAccessException)
            {
                return ""; // it exists, but cannot be read: it lives
            }
        }

        /// <summary>
        /// Whether a <c>/proc/PID/stat</c> line describes a running process: null (no such
        /// process), state Z (zombie) and X (dead) do not; a line that cannot be read does.
        /// </summary>
        internal static bool IsRunningStat(string stat)
        {
            if (stat == null)
                return false;
            int close = stat.LastIndexOf(')');
            if (close < 0 || close + 2 >= stat.Length)
                return true;
            char state = stat[close + 2];
            return state != 'Z' && state != 'X';
        }
    }
}
