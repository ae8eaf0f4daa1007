using AgentBridgeUnity.Core.Reset;

namespace AgentBridgeUnity.Adapters.Reflection
{
    /// <summary>
    /// The game's assemblies in a Unity project: not Unity's (<c>UnityEngine*</c>,
    /// <c>UnityEditor*</c>, the <c>Unity.*</c> packages, <c>UnityScript</c>, <c>Boo</c>), not the
    /// plugins the bridge knows (DOTween), not Unity's build tools (<c>Bee</c>, <c>ExCSS</c>,
    /// <c>JetBrains</c>), and not editor code (<c>Assembly-CSharp-Editor</c>, <c>MyGame.Editor</c>).
    /// </summary>
    internal static class UnityGameAssemblies
    {
        public static readonly GameAssemblies Instance = new GameAssemblies(
            new[] { "UnityEngine", "UnityEditor", "Unity.", "UnityScript", "Boo.", "DOTween", "Bee.", "ExCSS.", "JetBrains." });
    }
}
