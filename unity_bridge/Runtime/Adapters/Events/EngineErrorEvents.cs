using System;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Events
{
    /// <summary>
    /// Reports errors, exceptions and failed assertions the engine logs as <c>engine_error</c>
    /// events (<c>args: [kind, message, where]</c>), so a client sees a game's exceptions.
    /// </summary>
    internal sealed class EngineErrorEvents : IDisposable
    {
        readonly Action<string, string, string> _emit;

        /// <param name="emit">Queues an engine_error: kind, message, where.</param>
        public EngineErrorEvents(Action<string, string, string> emit)
        {
            _emit = emit;
            Application.logMessageReceived += OnLog;
        }

        void OnLog(string condition, string stackTrace, LogType type)
        {
            string kind = KindOf(type);
            if (kind == null)
                return;
            string where = string.IsNullOrEmpty(stackTrace) ? "" : stackTrace.Split('\n')[0].Trim();
            _emit(kind, condition, where);
        }

        static string KindOf(LogType type)
        {
            switch (type)
            {
                case LogType.Exception: return "exception";
                case LogType.Assert: return "assert";
                case LogType.Error: return "error";
                default: return null;
            }
        }

        public void Dispose()
        {
            Application.logMessageReceived -= OnLog;
        }
    }
}
