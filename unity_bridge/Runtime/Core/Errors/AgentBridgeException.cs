using System;

namespace AgentBridgeUnity
{
    /// <summary>
    /// The base of every error the bridge answers with. Its <see cref="Code"/> is the protocol's
    /// error code; its message is the one human sentence sent as <c>error</c>. A game's command
    /// handler throws one of the subclasses (or <see cref="AgentBridge.Fail(string, string)"/>) to fail a request.
    /// </summary>
    public abstract class AgentBridgeException : Exception
    {
        /// <summary>Creates the error with the sentence the client will read.</summary>
        protected AgentBridgeException(string message, Exception innerException = null)
            : base(message, innerException)
        {
        }

        /// <summary>The protocol error code this failure is reported with.</summary>
        public abstract ErrorCode Code { get; }

        /// <summary>The code as written on the wire, for example <c>NOT_FOUND</c>.</summary>
        public string WireCode
        {
            get { return ErrorCodeNames.ToWire(Code); }
        }

        /// <summary>The subclass instance that reports <paramref name="code"/>.</summary>
        internal static AgentBridgeException Create(ErrorCode code, string message)
        {
            switch (code)
            {
                case ErrorCode.ParseError: return new ParseException(message);
                case ErrorCode.InvalidRequest: return new InvalidRequestException(message);
                case ErrorCode.UnknownCommand: return new UnknownCommandException(message);
                case ErrorCode.InvalidArgs: return new InvalidArgsException(message);
                case ErrorCode.NotFound: return new NotFoundException(message);
                case ErrorCode.StaleRef: return new StaleRefException(message);
                case ErrorCode.NotInteractable: return new NotInteractableException(message);
                case ErrorCode.Timeout: return new CommandTimeoutException(message);
                case ErrorCode.Unsupported: return new UnsupportedException(message);
                case ErrorCode.Cancelled: return new RequestCancelledException(message);
                default: return new InternalBridgeException(message);
            }
        }
    }
}
