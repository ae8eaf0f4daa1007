using System;
using System.Collections.Generic;
using System.Reflection;

namespace AgentBridgeUnity.Core.Reset
{
    /// <summary>
    /// Which loaded assemblies are the game's own code: not .NET's or Mono's, not this bridge's,
    /// not Newtonsoft.Json or NUnit, not the engine's and plugins' the engine names
    /// (<see cref="GameAssemblies(string[])"/>), and not editor code, by its name
    /// (<c>Assembly-CSharp-Editor</c>, <c>MyGame.Editor</c>, <c>MyGame.Editor.Tools</c>; the game's
    /// own assembly may reference the editor's in the editor, for code under
    /// <c>#if UNITY_EDITOR</c>, so a reference does not tell). What the bridge lists as a script's
    /// fields, sets back on reset_game and runs again as start-up code is only the game's.
    /// </summary>
    internal sealed class GameAssemblies
    {
        static readonly string[] Platform =
        {
            "System", "mscorlib", "netstandard", "Mono.", "Microsoft.", "Newtonsoft.", "nunit.", "I18N", "AgentBridge",
        };

        readonly List<string> _notGame;

        /// <param name="engine">Name prefixes of the engine's and its plugins' assemblies.</param>
        public GameAssemblies(string[] engine)
        {
            _notGame = new List<string>(Platform);
            _notGame.AddRange(engine);
        }

        /// <summary>True for an assembly of the game's own code.</summary>
        public bool IsGame(Assembly assembly)
        {
            return IsGameName(assembly.GetName().Name);
        }

        /// <summary>True for the name of an assembly that may be the game's own code.</summary>
        public bool IsGameName(string name)
        {
            foreach (string prefix in _notGame)
            {
                if (name.StartsWith(prefix, StringComparison.Ordinal))
                    return false;
            }
            foreach (string part in name.Split('.', '-'))
            {
                if (part == "Editor")
                    return false;
            }
            return true;
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
