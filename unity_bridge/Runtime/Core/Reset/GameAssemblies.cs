using System;
using System.Collections.Generic;
using System.Reflection;

namespace AgentBridgeUnity.Core.Reset
{
    /// <summary>
    /// Which loaded assemblies are the game's own code: not the engine's (<c>UnityEngine</c>,
    /// <c>UnityEditor</c>, <c>Unity.*</c> packages), not .NET's or Mono's, not this bridge's, not
    /// the plugins the bridge knows (DOTween, Newtonsoft.Json), and not editor code (an assembly
    /// that references UnityEditor). What the bridge lists as a script's fields, resets on
    /// reset_game and runs again as start-up code is only the game's.
    /// </summary>
    internal static class GameAssemblies
    {
        static readonly string[] NotGamePrefixes =
        {
            "UnityEngine", "UnityEditor", "Unity.", "AgentBridge", "DOTween", "Newtonsoft.", "nunit.", "System",
            "mscorlib", "netstandard", "Mono.", "Microsoft.", "JetBrains.", "ExCSS.", "Bee.", "I18N", "Boo.", "UnityScript",
        };

        /// <summary>True for an assembly of the game's own code.</summary>
        public static bool IsGame(Assembly assembly)
        {
            if (!IsGameName(assembly.GetName().Name))
                return false;
            foreach (AssemblyName reference in assembly.GetReferencedAssemblies())
            {
                if (reference.Name.StartsWith("UnityEditor", StringComparison.Ordinal))
                    return false;
            }
            return true;
        }

        /// <summary>True for the name of an assembly that may be the game's own code.</summary>
        public static bool IsGameName(string name)
        {
            foreach (string prefix in NotGamePrefixes)
            {
                if (name.StartsWith(prefix, StringComparison.Ordinal))
                    return false;
            }
            return !name.EndsWith("-Editor", StringComparison.Ordinal);
        }

        /// <summary>Every type of the game's loaded assemblies (those that load: a broken one gives what it can).</summary>
        public static List<Type> Types()
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
