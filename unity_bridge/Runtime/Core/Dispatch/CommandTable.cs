using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Session;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>The bridge's built-in commands plus whatever the game has registered so far.</summary>
    internal sealed class CommandTable
    {
        readonly Dictionary<string, IBridgeCommand> _builtins = new Dictionary<string, IBridgeCommand>();
        readonly BridgeRegistry _registry;

        public CommandTable(IEnumerable<IBridgeCommand> builtins, BridgeRegistry registry)
        {
            foreach (IBridgeCommand command in builtins)
                _builtins[command.Name] = command;
            _registry = registry;
        }

        public IBridgeCommand Find(string name)
        {
            IBridgeCommand command;
            if (_builtins.TryGetValue(name, out command))
                return command;
            return _registry.FindGameCommand(name);
        }

        /// <summary>Every command, sorted by name.</summary>
        public List<IBridgeCommand> All()
        {
            var all = new List<IBridgeCommand>(_builtins.Values);
            all.AddRange(_registry.GameCommands());
            all.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
            return all;
        }

        public List<string> Names()
        {
            return All().ConvertAll(command => command.Name);
        }

        /// <summary>The command for a request; UNKNOWN_COMMAND with close names otherwise.</summary>
        public IBridgeCommand Require(string name)
        {
            IBridgeCommand command = Find(name);
            if (command != null)
                return command;
            List<string> close = NameSuggestions.Closest(name, Names());
            string hint = close.Count > 0 ? " Did you mean: " + String.Join(", ", close.ToArray()) + "?" : "";
            throw new UnknownCommandException(String.Format(
                "Unknown command '{0}'.{1} Send 'hello' for the list.", name, hint));
        }
    }
}
