// Declarations only: see ../README.md (UnityEditor, 2021.3).
using System;

namespace UnityEditor
{
    public enum PlayModeStateChange
    {
        EnteredEditMode = 0, ExitingEditMode = 1, EnteredPlayMode = 2, ExitingPlayMode = 3,
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class MenuItem : Attribute
    {
        public MenuItem(string itemName) => throw null;
        public MenuItem(string itemName, bool isValidateFunction) => throw null;
    }

    [AttributeUsage(AttributeTargets.Class)]
    public class InitializeOnLoadAttribute : Attribute
    {
    }

    public sealed class EditorApplication
    {
        public static bool isPlaying { get => throw null; set => throw null; }
        public static bool isPlayingOrWillChangePlaymode => throw null;
        public static event Action<PlayModeStateChange> playModeStateChanged { add => throw null; remove => throw null; }
    }

    public sealed class EditorUtility
    {
        public static void RevealInFinder(string path) => throw null;
    }
}
