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
        public delegate void CallbackFunction();

        public static CallbackFunction update;
        public static bool isPlaying { get => throw null; set => throw null; }
        public static bool isPlayingOrWillChangePlaymode => throw null;
        public static double timeSinceStartup => throw null;
        public static event Action<PlayModeStateChange> playModeStateChanged { add => throw null; remove => throw null; }
        public static void Exit(int returnValue) => throw null;
    }

    public sealed class EditorUtility
    {
        public static bool scriptCompilationFailed => throw null;
        public static void RevealInFinder(string path) => throw null;
    }

    public static class SessionState
    {
        public static bool GetBool(string key, bool defaultValue) => throw null;
        public static void SetBool(string key, bool value) => throw null;
        public static int GetInt(string key, int defaultValue) => throw null;
        public static void SetInt(string key, int value) => throw null;
    }

    public class EditorBuildSettingsScene
    {
        public bool enabled { get => throw null; set => throw null; }
        public string path { get => throw null; set => throw null; }
    }

    public class EditorBuildSettings
    {
        public static EditorBuildSettingsScene[] scenes { get => throw null; set => throw null; }
    }

    public sealed class AssetDatabase
    {
        public static string[] FindAssets(string filter, string[] searchInFolders) => throw null;
        public static string GUIDToAssetPath(string guid) => throw null;
    }
}

namespace UnityEditor.SceneManagement
{
    public enum OpenSceneMode
    {
        Single = 0, Additive = 1, AdditiveWithoutLoading = 2,
    }

    public sealed class EditorSceneManager
    {
        public static UnityEngine.SceneManagement.Scene OpenScene(string scenePath, OpenSceneMode mode) => throw null;
    }
}
