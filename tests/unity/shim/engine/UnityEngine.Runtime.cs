// Declarations only: see README.md.
using System;
using UnityEngine.Rendering;

namespace UnityEngine
{
    public enum LogType
    {
        Error = 0, Assert = 1, Warning = 2, Log = 3, Exception = 4,
    }

    public enum RuntimeInitializeLoadType
    {
        AfterSceneLoad = 0, BeforeSceneLoad = 1, AfterAssembliesLoaded = 2, BeforeSplashScreen = 3, SubsystemRegistration = 4,
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
    public class RuntimeInitializeOnLoadMethodAttribute : Attribute
    {
        public RuntimeInitializeOnLoadMethodAttribute() => throw null;
        public RuntimeInitializeOnLoadMethodAttribute(RuntimeInitializeLoadType loadType) => throw null;
        public RuntimeInitializeLoadType loadType { get => throw null; }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public class DefaultExecutionOrder : Attribute
    {
        public DefaultExecutionOrder(int order) => throw null;
    }

    [AttributeUsage(AttributeTargets.Class, Inherited = false)]
    public sealed class DisallowMultipleComponent : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = false)]
    public sealed class AddComponentMenu : Attribute
    {
        public AddComponentMenu(string menuName) => throw null;
    }

    public class Application
    {
        public delegate void LogCallback(string condition, string stackTrace, LogType type);
        public static event LogCallback logMessageReceived { add => throw null; remove => throw null; }
        public static string productName => throw null;
        public static string unityVersion => throw null;
        public static string dataPath => throw null;
        public static bool isEditor => throw null;
        public static bool isBatchMode => throw null;
        public static bool isFocused => throw null;
        public static int targetFrameRate { get => throw null; set => throw null; }
        public static void Quit(int exitCode) => throw null;
        public static bool CanStreamedLevelBeLoaded(string levelName) => throw null;
    }

    public enum EventType
    {
        MouseDown = 0, MouseUp = 1, MouseMove = 2, MouseDrag = 3, KeyDown = 4, KeyUp = 5,
    }

    public sealed class Event
    {
        public Event() => throw null;
        public EventType type { get => throw null; set => throw null; }
        public Vector2 mousePosition { get => throw null; set => throw null; }
        public int button { get => throw null; set => throw null; }
        public int clickCount { get => throw null; set => throw null; }
    }

    public class ScriptableObject : Object
    {
        public static T CreateInstance<T>() where T : ScriptableObject => throw null;
    }

    public class Debug
    {
        public static bool isDebugBuild => throw null;
        public static void Log(object message) => throw null;
        public static void LogWarning(object message) => throw null;
        public static void LogError(object message) => throw null;
        public static void LogException(Exception exception) => throw null;
    }

    public class Time
    {
        public static int frameCount => throw null;
        public static double realtimeSinceStartupAsDouble => throw null;
        public static float unscaledTime => throw null;
        public static float timeScale { get => throw null; set => throw null; }
        public static float fixedDeltaTime { get => throw null; set => throw null; }
        public static float maximumDeltaTime { get => throw null; set => throw null; }
        public static int captureFramerate { get => throw null; set => throw null; }
    }

    public enum CursorLockMode
    {
        None = 0, Locked = 1, Confined = 2,
    }

    public class Cursor
    {
        public static bool visible { get => throw null; set => throw null; }
        public static CursorLockMode lockState { get => throw null; set => throw null; }
    }

    public static class Random
    {
        public static void InitState(int seed) => throw null;
    }

    public sealed class Screen
    {
        public static int height => throw null;
        public static int width => throw null;
    }

    public sealed class QualitySettings : Object
    {
        public static int vSyncCount { get => throw null; set => throw null; }
    }

    public sealed class SystemInfo
    {
        public static GraphicsDeviceType graphicsDeviceType => throw null;
    }

    public struct Mathf
    {
        public static float Min(float a, float b) => throw null;
        public static float Max(float a, float b) => throw null;
        public static float Abs(float f) => throw null;
    }

    public enum KeyCode
    {
        None = 0, Return = 13, KeypadEnter = 271,
    }

    [Flags]
    public enum EventModifiers
    {
        None = 0, Shift = 1, Control = 2, Alt = 4, Command = 8,
    }
}

namespace UnityEngine.Rendering
{
    public enum GraphicsDeviceType
    {
        Direct3D11 = 2, Null = 4, OpenGLES3 = 11, Metal = 16, OpenGLCore = 17, Direct3D12 = 18, Vulkan = 21,
    }
}
