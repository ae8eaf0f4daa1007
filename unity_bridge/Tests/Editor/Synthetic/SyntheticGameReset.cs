using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Reset;
using AgentBridgeUnity.Core.Session;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// reset_game on the synthetic engine, as Unity's adapter does it: the loaded scenes and the
    /// game's persistent (DontDestroyOnLoad) nodes removed at once, the time scale back to its
    /// launch value, the statics of the engine's <see cref="SyntheticEngine.GameTypes"/> set back,
    /// its start-up actions run again, and the scene loaded a frame later.
    /// </summary>
    internal sealed class SyntheticGameReset : IGameReset
    {
        readonly SyntheticEngine _engine;
        double _timeScale = 1.0;

        public SyntheticGameReset(SyntheticEngine engine)
        {
            _engine = engine;
        }

        /// <summary>The classes whose statics failed to reset, with what they threw.</summary>
        public List<string> StaticFailures { get; } = new List<string>();

        public void RememberLaunch()
        {
            _timeScale = _engine.Clock.TimeScale;
        }

        public int DestroyGameObjects()
        {
            int persistent = 0;
            foreach (SyntheticNode node in _engine.Root.ChildNodes.ToArray())
            {
                if (node.TypeName != SyntheticScenes.SceneType)
                    continue;
                if (node.Name == SyntheticEngine.PersistentScene)
                    persistent += node.ChildNodes.Count;
                _engine.Root.Remove(node);
            }
            return persistent;
        }

        public int RestoreSettings()
        {
            if (_engine.Clock.TimeScale == _timeScale)
                return 0;
            _engine.Clock.SetTimeScale(_timeScale);
            return 1;
        }

        public int ResetStatics(ICollection<Type> kept)
        {
            return StaticFields.Reset(_engine.GameTypes, kept, (type, error) => StaticFailures.Add(type.Name + ": " + error.Message));
        }

        public List<string> RunStartup(bool afterSceneLoad)
        {
            var names = new List<string>();
            foreach (SyntheticStartup startup in _engine.Startup)
            {
                if (startup.AfterSceneLoad != afterSceneLoad)
                    continue;
                startup.Run();
                names.Add(startup.Name);
            }
            return names;
        }

        public IPendingSceneLoad LoadScene(int buildIndex)
        {
            return _engine.Scenes.Load(SyntheticScenes.BuildPaths[buildIndex]);
        }
    }

    /// <summary>Start-up code of the synthetic game, as a Unity game's RuntimeInitializeOnLoadMethod.</summary>
    internal sealed class SyntheticStartup
    {
        public SyntheticStartup(string name, bool afterSceneLoad, Action run)
        {
            Name = name;
            AfterSceneLoad = afterSceneLoad;
            Run = run;
        }

        public string Name { get; private set; }
        public bool AfterSceneLoad { get; private set; }
        public Action Run { get; private set; }
    }
}
