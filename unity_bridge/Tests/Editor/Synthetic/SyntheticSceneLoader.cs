using System.Collections.Generic;
using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Scene;
using SceneList = AgentBridgeUnity.Core.Scene.BuildScenes;
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

        public IReadOnlyList<string> BuildScenes
        {
            get { return SyntheticScenes.BuildPaths; }
        }

        /// <summary>The first loaded scene's Build Settings path.</summary>
        public string ActiveScene
        {
            get
            {
                foreach (SyntheticNode node in _engine.Root.ChildNodes)
                {
                    if (node.TypeName == SyntheticScenes.SceneType && node.Name != SyntheticEngine.PersistentScene)
                        return SyntheticScenes.BuildPaths[SceneList.Find(node.Name, SyntheticScenes.BuildPaths)];
                }
                return "";
            }
        }

        public IPendingSceneLoad Load(string scene)
        {
            int index = SceneList.Find(scene, SyntheticScenes.BuildPaths);
            _pending = new PendingLoad(scene, SceneList.NameOf(SyntheticScenes.BuildPaths[index]));
            return _pending;
        }

        public void Update()
        {
            if (_pending == null)
                return;
            foreach (SyntheticNode loaded in _engine.Root.ChildNodes.ToArray())
            {
                if (loaded.TypeName == SyntheticScenes.SceneType && loaded.Name != SyntheticEngine.PersistentScene)
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
