using System;
using System.Collections.Generic;
using System.Reflection;

namespace AgentBridgeUnity.Core.Reset
{
    /// <summary>
    /// Which loaded assemblies are the game's own code: not .NET's or Mono's, not this bridge's,
    /// not Newtonsoft.Json or NUnit, not the engine's and plugins' the engine names
    /// (<see cref="GameAssemblies(string[], string)"/>), and not editor code (an assembly that
    /// references the engine's editor assembly). What the bridge lists as a script's fields, sets
    /// back on reset_game and runs again as start-up code is only the game's.
    /// </summary>
    internal sealed class GameAssemblies
    {
        static readonly string[] Platform =
        {
            "System", "mscorlib", "netstandard", "Mono.", "Microsoft.", "Newtonsoft.", "nunit.", "I18N", "AgentBridge",
        };

        readonly List<string> _notGame;
        readonly string _editor;

        /// <param name="engine">Name prefixes of the engine's and its plugins' assemblies.</param>
        /// <param name="editor">The name prefix of the engine's editor assemblies: an assembly referencing one is editor code.</param>
        public GameAssemblies(string[] engine, string editor)
        {
            _notGame = new List<string>(Platform);
            _notGame.AddRange(engine);
            _editor = editor;
        }

        /// <summary>True for an assembly of the game's own code.</summary>
        public bool IsGame(Assembly assembly)
        {
            if (!IsGameName(assembly.GetName().Name))
                return false;
            foreach (AssemblyName reference in assembly.GetReferencedAssemblies())
            {
                if (reference.Name.StartsWith(_editor, StringComparison.Ordinal))
                    return false;
            }
            return true;
        }

        /// <summary>True for the name of an assembly that may be the game's own code (not <c>...-Editor</c>).</summary>
        public bool IsGameName(string name)
        {
            foreach (string prefix in _notGame)
            {
                if (name.StartsWith(prefix, StringComparison.Ordinal))
                    return false;
            }
            return !name.EndsWith("-Editor", StringComparison.Ordinal);
        }

        /// <summary>Every type of the game's loaded assemblies (those that load: a broken one gives what it can).</summary>
        public List<Type> Types()
        {
            var types = new List<Type>();
            foreach (Assembly assembly in AppDomain.CurrentDomain.GetAssemblies())
            {
                if (!IsGame(assembly))
                    continue;
                try
                {
                    types.AddRange(assembly.GetTypes());
                }
                catch (ReflectionTypeLoadException partly)
                {
                    foreach (Type type in partly.Types)
                    {
                        if (type != null)
                            types.Add(type);
                    }
                }
            }
            return types;
        }
    }
}
