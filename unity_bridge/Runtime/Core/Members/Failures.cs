using System;
using System.Reflection;

namespace AgentBridgeUnity.Core.Members
{
    /// <summary>Turns exceptions raised by game or engine code into protocol errors.</summary>
    internal static class Failures
    {
        /// <summary>The inner exception of a reflective call as a protocol error.</summary>
        public static AgentBridgeException FromInvocation(TargetInvocationException error, string what)
        {
            return From(error.InnerException ?? error, what);
        }

        /// <summary>
        /// A bridge error stays as it is; anything else becomes INTERNAL naming what raised it.
        /// </summary>
        public static AgentBridgeException From(Exception error, string what)
        {
            var invocation = error as TargetInvocationException;
            if (invocation != null && invocation.InnerException != null)
                error = invocation.InnerException;
            var bridgeError = error as AgentBridgeException;
            if (bridgeError != null)
                return bridgeError;
            return new InternalBridgeException(String.Format("{0} raised {1}: {2}", what, error.GetType().Name, error.Message));
        }
    }
}
