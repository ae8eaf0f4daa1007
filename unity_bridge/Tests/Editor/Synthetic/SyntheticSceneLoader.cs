using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// Replaces the loaded scene one frame after change_scene asked for it, like an async load.
    /// </summary>
    internal sealed class SyntheticSceneLoader : ISceneLoader
    {
        readonly SyntheticEngine _engine;
        PendingLoad _pending;

        public SyntheticSceneLoader(SyntheticEngine engine)
        {
            _engine = engine;
        }

        public bool Pending
        {
            get { return _pending != null; }
        }

        public IPendingSceneLoad Load(string scene)
        {
            int index = BuildScenes.Find(scene, SyntheticScenes.BuildPaths);
            _pending = new PendingLoad(scene, BuildScenes.NameOf(SyntheticScenes.BuildPaths[index]));
            return _pending;
        }

        public void Update()
        {
            if (_pending == null)
                return;
            foreach (SyntheticNode loaded in _engine.Root.ChildNodes.ToArray())
            {
                if (loaded.TypeName == SyntheticScenes.SceneType)
                    _engine.Root.Remove(loaded);
            }
            _engine.Root.Insert(0, SyntheticScenes.Build(_pending.SceneName));
            _pending.IsDone = true;
            AgentBridge.EmitEvent(EventNames.SceneChanged, _pending.SceneName, "/root");
            _pending = null;
        }

        sealed class PendingLoad : IPendingSceneLoad
        {
            public PendingLoad(string scene, string name)
            {
                Scene = scene;
                SceneName = name;
            }

            public bool IsDone { get; set; }
            public string Scene { get; private set; }
            public string SceneName { get; private set; }
        }
    }
}
