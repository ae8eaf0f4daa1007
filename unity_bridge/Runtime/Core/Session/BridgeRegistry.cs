using System;
using System.Collections.Generic;
using System.Text.RegularExpressions;
using AgentBridgeUnity.Core.Commands;
using AgentBridgeUnity.Core.Dispatch;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// What the game registered through <see cref="AgentBridge"/>: commands, the state callback,
    /// walkers, settled providers; and the running bridge's event sink. Registering costs nothing
    /// when the bridge is off: nothing is read until a bridge runs.
    /// </summary>
    internal sealed class BridgeRegistry
    {
        static readonly Regex CommandName = new Regex("^[a-z][a-z0-9_]*$");

        readonly object _lock = new object();
        readonly Dictionary<string, GameCommand> _commands = new Dictionary<string, GameCommand>();
        readonly List<ISceneWalker> _walkers = new List<ISceneWalker>();
        readonly List<ISettledProvider> _settled = new List<ISettledProvider>();
        readonly HashSet<Type> _keptStatics = new HashSet<Type>();
        Func<object> _state;
        Action<string, string, object[]> _eventSink;

        /// <summary>True while a bridge runs in agent mode.</summary>
        public bool AgentMode { get; set; }

        /// <summary>Whether clients may reach non-public members (false unless the game says so).</summary>
        public bool AllowNonPublicMembers { get; set; }

        public void RegisterCommand(string name, Func<JObject, object> handler, JObject argsSchema, string description)
        {
            if (name == null || !CommandName.IsMatch(name))
                throw new ArgumentException("A command name is lower snake_case, such as 'load_level'; got '" + name + "'.", "name");
            if (handler == null)
                throw new ArgumentNullException("handler");
            if (BuiltinCommands.IsBuiltin(name))
                throw new ArgumentException("'" + name + "' is a bridge command; choose another name.", "name");
            var command = new GameCommand(name, handler, ArgsSchema.FromJson(argsSchema), description);
            lock (_lock)
                _commands[name] = command;
        }

        public GameCommand FindGameCommand(string name)
        {
            lock (_lock)
            {
                GameCommand command;
                return _commands.TryGetValue(name, out command) ? command : null;
            }
        }

        public List<GameCommand> GameCommands()
        {
            lock (_lock)
                return new List<GameCommand>(_commands.Values);
        }

        public Func<object> StateHandler
        {
            get { lock (_lock) return _state; }
            set { lock (_lock) _state = value; }
        }

        public void AddWalker(ISceneWalker walker)
        {
            if (walker == null)
                throw new ArgumentNullException("walker");
            lock (_lock)
                _walkers.Add(walker);
        }

        public List<ISceneWalker> Walkers()
        {
            lock (_lock)
                return new List<ISceneWalker>(_walkers);
        }

        public void AddSettlePredicate(ISettledProvider provider)
        {
            if (provider == null)
                throw new ArgumentNullException("provider");
            lock (_lock)
                _settled.Add(provider);
        }

        public List<ISettledProvider> SettledProviders()
        {
            lock (_lock)
                return new List<ISettledProvider>(_settled);
        }

        /// <summary>A class whose static fields reset_game leaves as they are.</summary>
        public void KeepStatics(Type type)
        {
            if (type == null)
                throw new ArgumentNullException("type");
            lock (_lock)
                _keptStatics.Add(type);
        }

        /// <summary>The classes whose static fields reset_game leaves as they are.</summary>
        public List<Type> KeptStatics()
        {
            lock (_lock)
                return new List<Type>(_keptStatics);
        }

        /// <summary>Where <see cref="AgentBridge.EmitEvent"/> goes; null while no bridge runs.</summary>
        public Action<string, string, object[]> EventSink
        {
            get { lock (_lock) return _eventSink; }
            set { lock (_lock) _eventSink = value; }
        }

        /// <summary>
        /// Forgets what the game registered (commands, state, walkers, settle predicates, the
        /// non-public members switch) and keeps the running bridge's own and the classes whose
        /// statics a reset keeps (reset_game: the fresh game registers again as it starts).
        /// </summary>
        public void ClearGame()
        {
            lock (_lock)
            {
                _commands.Clear();
                _walkers.Clear();
                _settled.Clear();
                _state = null;
                AllowNonPublicMembers = false;
            }
        }

        /// <summary>Forgets everything (a new play session, a test).</summary>
        public void Clear()
        {
            lock (_lock)
            {
                _commands.Clear();
                _walkers.Clear();
                _settled.Clear();
                _state = null;
                _keptStatics.Clear();
                _eventSink = null;
                AgentMode = false;
                AllowNonPublicMembers = false;
            }
        }
    }
}
