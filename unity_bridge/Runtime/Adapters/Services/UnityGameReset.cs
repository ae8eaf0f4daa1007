using System;
using System.Collections.Generic;
using System.Reflection;
using AgentBridgeUnity.Adapters.Nodes;
using AgentBridgeUnity.Adapters.Reflection;
using AgentBridgeUnity.Core.Reset;
using AgentBridgeUnity.Core.Session;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// reset_game in Unity (docs/PROTOCOL.md, "A fresh game without a relaunch"):
    /// <list type="bullet">
    /// <item>every loaded scene's root objects and the game's DontDestroyOnLoad objects are
    /// destroyed at once (<c>Object.DestroyImmediate</c>: their OnDisable and OnDestroy run now,
    /// before the statics are set back, and none of them runs another Update); a DontDestroyOnLoad
    /// object counts as the game's unless its scripts all come from Unity, a package or the bridge
    /// (DOTween's <c>[DOTween]</c> object stays);</item>
    /// <item>Time.timeScale, Time.fixedDeltaTime, Time.maximumDeltaTime, Cursor.lockState and
    /// Cursor.visible go back to their values when the bridge started;</item>
    /// <item>the static fields of the game's classes are set back (<see cref="StaticFields"/>);</item>
    /// <item>the game's <c>RuntimeInitializeOnLoadMethod</c> methods run again, in Unity's order
    /// of load types: those before the first scene loads at once, the <c>AfterSceneLoad</c> ones
    /// once the scene is loaded;</item>
    /// <item>the scene is loaded with <c>SceneManager.LoadScene</c> in single mode (Unity loads
    /// it in a later frame; <see cref="UnitySceneLoader.LoadFresh"/>).</item>
    /// </list>
    /// </summary>
    internal sealed class UnityGameReset : IGameReset
    {
        static readonly RuntimeInitializeLoadType[] BeforeSceneLoad =
        {
            RuntimeInitializeLoadType.SubsystemRegistration, RuntimeInitializeLoadType.AfterAssembliesLoaded,
            RuntimeInitializeLoadType.BeforeSplashScreen, RuntimeInitializeLoadType.BeforeSceneLoad,
        };

        readonly GameObject _bridge;
        readonly UnitySceneLoader _loader;
        List<Type> _gameTypes;
        Dictionary<RuntimeInitializeLoadType, List<MethodInfo>> _startupMethods;
        float _timeScale = 1f;
        float _fixedDeltaTime = 0.02f;
        float _maximumDeltaTime = 1f / 3f;
        CursorLockMode _lockState;
        bool _cursorVisible = true;

        /// <param name="bridge">The bridge's own object, which stays.</param>
        /// <param name="loader">Loads the scene.</param>
        public UnityGameReset(GameObject bridge, UnitySceneLoader loader)
        {
            _bridge = bridge;
            _loader = loader;
        }

        public void RememberLaunch()
        {
            _timeScale = Time.timeScale;
            _fixedDeltaTime = Time.fixedDeltaTime;
            _maximumDeltaTime = Time.maximumDeltaTime;
            _lockState = Cursor.lockState;
            _cursorVisible = Cursor.visible;
        }

        public int DestroyGameObjects()
        {
            var roots = new List<GameObject>();
            for (int i = 0; i < SceneManager.sceneCount; i++)
            {
                UnityEngine.SceneManagement.Scene scene = SceneManager.GetSceneAt(i);
                if (scene.isLoaded)
                    roots.AddRange(scene.GetRootGameObjects());
            }
            int persistent = 0;
            foreach (GameObject root in _bridge.scene.GetRootGameObjects())
            {
                if (root != _bridge && MadeByGame(root))
                {
                    roots.Add(root);
                    persistent++;
                }
            }
            foreach (GameObject root in roots)
            {
                if (root != null)
                    UnityEngine.Object.DestroyImmediate(root);
            }
            return persistent;
        }

        /// <summary>True unless every script on the object and its children is Unity's, a package's or the bridge's.</summary>
        static bool MadeByGame(GameObject root)
        {
            var behaviours = new List<MonoBehaviour>();
            root.GetComponentsInChildren(true, behaviours);
            bool others = false;
            foreach (MonoBehaviour behaviour in behaviours)
            {
                if (behaviour == null)
                    continue;
                if (GameScripts.IsGameScript(behaviour))
                    return true;
                others = true;
            }
            return !others;
        }

        public int RestoreSettings()
        {
            return Restore(Time.timeScale, _timeScale, value => Time.timeScale = value)
                + Restore(Time.fixedDeltaTime, _fixedDeltaTime, value => Time.fixedDeltaTime = value)
                + Restore(Time.maximumDeltaTime, _maximumDeltaTime, value => Time.maximumDeltaTime = value)
                + Restore(Cursor.lockState, _lockState, value => Cursor.lockState = value)
                + Restore(Cursor.visible, _cursorVisible, value => Cursor.visible = value);
        }

        /// <summary>Sets a setting back to its launch value when it differs; 1 when it did, else 0.</summary>
        static int Restore<T>(T now, T atLaunch, Action<T> set)
        {
            if (EqualityComparer<T>.Default.Equals(now, atLaunch))
                return 0;
            set(atLaunch);
            return 1;
        }

        public int ResetStatics(ICollection<Type> kept)
        {
            return StaticFields.Reset(GameTypes(), kept, (type, error) =>
                Debug.LogWarning("AgentBridge: reset_game could not set back the statics of " + type.FullName + ": " + error));
        }

        public List<string> RunStartup(bool afterSceneLoad)
        {
            var names = new List<string>();
            RuntimeInitializeLoadType[] phases = afterSceneLoad
                ? new[] { RuntimeInitializeLoadType.AfterSceneLoad } : BeforeSceneLoad;
            foreach (RuntimeInitializeLoadType phase in phases)
            {
                foreach (MethodInfo method in StartupMethods(phase))
                {
                    try
                    {
                        method.Invoke(null, null);
                        names.Add(method.DeclaringType.FullName + "." + method.Name);
                    }
                    catch (TargetInvocationException error)
                    {
                        Debug.LogException(error.InnerException ?? error);
                    }
                }
            }
            return names;
        }

        /// <summary>The game's static, parameterless RuntimeInitializeOnLoadMethod methods of one load type.</summary>
        List<MethodInfo> StartupMethods(RuntimeInitializeLoadType phase)
        {
            if (_startupMethods == null)
                _startupMethods = FindStartupMethods(GameTypes());
            List<MethodInfo> methods;
            return _startupMethods.TryGetValue(phase, out methods) ? methods : new List<MethodInfo>();
        }

        /// <summary>Every start-up method of <paramref name="types"/> by load type: one reflection scan, kept like the types.</summary>
        static Dictionary<RuntimeInitializeLoadType, List<MethodInfo>> FindStartupMethods(List<Type> types)
        {
            var byPhase = new Dictionary<RuntimeInitializeLoadType, List<MethodInfo>>();
            const BindingFlags flags = BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;
            foreach (Type type in types)
            {
                if (type.ContainsGenericParameters)
                    continue;
                foreach (MethodInfo method in type.GetMethods(flags))
                {
                    var startup = (RuntimeInitializeOnLoadMethodAttribute)Attribute.GetCustomAttribute(
                        method, typeof(RuntimeInitializeOnLoadMethodAttribute));
                    if (startup == null || method.GetParameters().Length != 0)
                        continue;
                    List<MethodInfo> methods;
                    if (!byPhase.TryGetValue(startup.loadType, out methods))
                    {
                        methods = new List<MethodInfo>();
                        byPhase.Add(startup.loadType, methods);
                    }
                    methods.Add(method);
                }
            }
            return byPhase;
        }

        List<Type> GameTypes()
        {
            return _gameTypes ?? (_gameTypes = UnityGameAssemblies.Instance.Types());
        }

        public IPendingSceneLoad LoadScene(int buildIndex)
        {
            return _loader.LoadFresh(buildIndex);
        }
    }
}
