using System;

namespace AgentBridgeUnity
{
    /// <summary>Converts <see cref="ErrorCode"/> values to and from their wire spelling.</summary>
    internal static class ErrorCodeNames
    {
        /// <summary>The wire spelling of each <see cref="ErrorCode"/>, in the enum's order.</summary>
        static readonly string[] Wire =
        {
            ErrorCodes.ParseError, ErrorCodes.InvalidRequest, ErrorCodes.UnknownCommand, ErrorCodes.InvalidArgs,
            ErrorCodes.NotFound, ErrorCodes.StaleRef, ErrorCodes.NotInteractable, ErrorCodes.Timeout,
            ErrorCodes.Unsupported, ErrorCodes.Internal, ErrorCodes.Cancelled,
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
