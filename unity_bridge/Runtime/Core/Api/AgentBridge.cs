using System;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Settle;
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
    /// throw AgentBridge.Fail(ErrorCodes.NotFound, "There is no level 'x'.");   // inside a handler
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
        /// Whether clients may read, set and call the game's non-public members (false by
        /// default: then naming one is INVALID_ARGS saying so). The Godot bridge's project setting
        /// <c>agent_bridge/allow_private_members</c>. Set it from game code (Awake), never from a
        /// client.
        /// </summary>
        public static bool AllowNonPublicMembers
        {
            get { return Registry.AllowNonPublicMembers; }
            set { Registry.AllowNonPublicMembers = value; }
        }

        /// <summary>
        /// Adds a command the agent can call like any other; <c>hello</c> lists it with
        /// <c>"source": "game"</c>. The bridge validates <c>args</c> against
        /// <paramref name="argsSchema"/> before calling <paramref name="handler"/>: each property
        /// is <c>{"type": "integer"|"number"|"string"|"boolean"|"array"|"object"|"any",
        /// "description", "items", "optional": true, "default", "minimum", "enum"}</c> and is
        /// required unless optional or defaulted; integers arrive as integers. The handler's return
        /// value becomes <c>data</c>; throwing an <see cref="AgentBridgeException"/> (see
        /// <see cref="Fail(string, string)"/>) fails the request with its code, any other exception with INTERNAL.
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
        /// next response carries (no <c>args</c> items when <paramref name="payload"/> is null;
        /// <paramref name="source"/> is a node path, <c>/root</c> when null). Does nothing outside
        /// agent mode. The Godot bridge's <c>emit_event</c>.
        /// </summary>
        public static void EmitEvent(string type, object payload = null, string source = null)
        {
            Action<string, string, object[]> sink = Registry.EventSink;
            if (sink != null)
                sink(type, source, payload == null ? new object[0] : new[] { payload });
        }

        /// <summary>The former name of <see cref="EmitEvent"/>.</summary>
        [Obsolete("Use EmitEvent (emit_event in the Godot bridge).")]
        public static void Emit(string type, object payload = null, string source = null)
        {
            EmitEvent(type, payload, source);
        }

        /// <summary>
        /// The exception that fails a request with a protocol error code, for example
        /// <c>throw AgentBridge.Fail(ErrorCodes.NotFound, "There is no level 'x'.")</c>.
        /// </summary>
        /// <exception cref="ArgumentException"><paramref name="code"/> is not a protocol error code.</exception>
        public static AgentBridgeException Fail(string code, string message)
        {
            ErrorCode parsed;
            if (!ErrorCodeNames.TryParse(code, out parsed))
                throw new ArgumentException("'" + code + "' is not a protocol error code such as NOT_FOUND.", "code");
            return AgentBridgeException.Create(parsed, message);
        }

        /// <summary>The exception that fails a request with <paramref name="code"/>.</summary>
        public static AgentBridgeException Fail(ErrorCode code, string message)
        {
            return AgentBridgeException.Create(code, message);
        }

        /// <summary>Adds a walker that reports extra nodes; it is asked after the built-in ones.</summary>
        public static void AddWalker(ISceneWalker walker)
        {
            Registry.AddWalker(walker);
        }

        /// <summary>
        /// Adds a condition that <c>wait</c> with <c>settled: true</c> (and an action with
        /// <c>settled</c>) also waits for: the game is settled only while every predicate says so.
        /// The Godot bridge's <c>add_settle_predicate</c>.
        /// </summary>
        public static void AddSettlePredicate(ISettledProvider predicate)
        {
            Registry.AddSettlePredicate(predicate);
        }

        /// <summary>
        /// Adds a condition from a callback that returns false while the game is still busy;
        /// <paramref name="name"/> names it in TIMEOUT sentences.
        /// </summary>
        public static void AddSettlePredicate(string name, Func<bool> isSettled)
        {
            Registry.AddSettlePredicate(new SettlePredicate(name, isSettled));
        }

        /// <summary>
        /// Makes <c>reset_game</c> leave the static fields of <paramref name="type"/> as they are
        /// (a reset otherwise sets every static field of the game's classes back to its initial
        /// value by running the class's static constructor again): for a class whose static
        /// constructor must run only once, or whose statics should outlive a reset (a cache).
        /// Survives resets; call it from game code, once.
        /// </summary>
        /// <exception cref="ArgumentNullException"><paramref name="type"/> is null.</exception>
        public static void KeepStatics(Type type)
        {
            Registry.KeepStatics(type);
        }

        /// <summary>The former name of <see cref="AddSettlePredicate(ISettledProvider)"/>.</summary>
        [Obsolete("Use AddSettlePredicate (add_settle_predicate in the Godot bridge).")]
        public static void AddSettledProvider(ISettledProvider provider)
        {
            AddSettlePredicate(provider);
        }
    }
}
