using System;
using System.Diagnostics;
using System.IO;

namespace AgentBridgeUnity.Core.Transport
{
    /// <summary>
    /// Watches the client process named by <c>--agent-parent-pid</c>, at most once a second, so a
    /// game started by a client that died does not run forever.
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
                return Directory.Exists("/proc/" + pid);
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
    }
}
