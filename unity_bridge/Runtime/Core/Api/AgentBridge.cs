using System;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity
{
    /// <summary>
    /// The bridge's API for game code. Registering is cheap and safe whether or not the game runs
    /// in agent mode; nothing registered is used unless the game was started with
    /// <c>--agent-mode</c>. Call these from the main thread.
    /// </summary>
    /// <example>
    /// <code>
    /// AgentBridge.RegisterCommand("swap", args => Swap((int)args["from"], (int)args["to"]),
    ///     JObject.Parse("{\"from\": {\"type\": \"integer\"}, \"to\": {\"type\": \"integer\"}}"),
    ///     "Swap two crystals");
    /// AgentBridge.RegisterState(() => new { level = levelId });
    /// throw AgentBridge.Fail("NOT_FOUND", "There is no level 'x'.");   // inside a handler
    /// </code>
    /// </example>
    public static class AgentBridge
    {
        internal static readonly BridgeRegistry Registry = new BridgeRegistry();

        /// <summary>
        /// True only while the bridge runs in agent mode (started with <c>--agent-mode</c>).
        /// </summary>
        public static bool AgentMode
        {
            get { return Registry.AgentMode; }
        }

        /// <summary>
        /// Adds a command the agent can call like any other; <c>hello</c> lists it with
        /// <c>"source": "game"</c>. The bridge validates <c>args</c> against
        /// <paramref name="argsSchema"/> before calling <paramref name="handler"/>: each property
        /// is <c>{"type": "integer"|"number"|"string"|"boolean"|"array"|"object"|"any",
        /// "description", "items", "optional": true, "default", "minimum", "enum"}</c> and is
        /// required unless optional or defaulted; integers arrive as integers. The handler's return
        /// value becomes <c>data</c>; throwing an <see cref="AgentBridgeException"/> (see
        /// <see cref="Fail"/>) fails the request with its code, any other exception with INTERNAL.
        /// Registering a name again replaces the command.
        /// </summary>
        /// <exception cref="ArgumentException">The name is not snake_case, is a bridge command, or the schema is malformed.</exception>
        public static void RegisterCommand(string name, Func<JObject, object> handler, JObject argsSchema, string description)
        {
            Registry.RegisterCommand(name, handler, argsSchema, description);
        }

        /// <summary>Sets what <c>get_state</c> returns: the callback's value, converted to JSON.</summary>
        public static void RegisterState(Func<object> handler)
        {
            Registry.StateHandler = handler;
        }

        /// <summary>
        /// Queues a game event <c>{"type", "seq", "frame", "source", "args": [payload]}</c> that the
        /// next response carries (no <c>args</c> items when <paramref name="payload"/> is null).
        /// Does nothing outside agent mode.
        /// </summary>
        public static void Emit(string type, object payload = null, string source = null)
        {
            Action<string, string, object[]> sink = Registry.EventSink;
            if (sink != null)
                sink(type, source, payload == null ? new object[0] : new[] { payload });
        }

        /// <summary>
        /// The exception that fails a request with a protocol error code, for example
        /// <c>throw AgentBridge.Fail("NOT_FOUND", "There is no level 'x'.")</c>.
        /// </summary>
        /// <exception cref="ArgumentException"><paramref name="code"/> is not a protocol error code.</exception>
        public static AgentBridgeException Fail(string code, string message)
        {
            ErrorCode parsed;
            if (!ErrorCodeNames.TryParse(code, out parsed))
                throw new ArgumentException("'" + code + "' is not a protocol error code such as NOT_FOUND.", "code");
            return AgentBridgeException.Create(parsed, message);
        }

        /// <summary>Adds a walker that reports extra nodes; it is asked after the built-in ones.</summary>
        public static void AddWalker(ISceneWalker walker)
        {
            Registry.AddWalker(walker);
        }

        /// <summary>Adds a condition that <c>wait</c> with <c>settled: true</c> also waits for.</summary>
        public static void AddSettledProvider(ISettledProvider provider)
        {
            Registry.AddSettledProvider(provider);
        }
    }
}
