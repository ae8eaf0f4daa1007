using System;

namespace AgentBridgeUnity
{
    /// <summary>Converts <see cref="ErrorCode"/> values to and from their wire spelling.</summary>
    internal static class ErrorCodeNames
    {
        static readonly string[] Wire =
        {
            "PARSE_ERROR", "INVALID_REQUEST", "UNKNOWN_COMMAND", "INVALID_ARGS", "NOT_FOUND",
            "STALE_REF", "NOT_INTERACTABLE", "TIMEOUT", "UNSUPPORTED", "INTERNAL",
        };

        public static string ToWire(ErrorCode code)
        {
            return Wire[(int)code];
        }

        public static bool TryParse(string wire, out ErrorCode code)
        {
            int index = Array.IndexOf(Wire, wire);
            code = index < 0 ? ErrorCode.Internal : (ErrorCode)index;
            return index >= 0;
        }
    }
}
