using System.IO;
using AgentBridgeUnity.Core.Session;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// change_scene: loads a scene of the build by name or path (what SceneManager.LoadScene
    /// accepts), replacing the loaded ones, and reports done once it is loaded and active.
    /// </summary>
    internal sealed class UnitySceneLoader : ISceneLoader
    {
        PendingLoad _current;

        public bool Loading
        {
            get { return _current != null && !_current.IsDone; }
        }

        public IPendingSceneLoad Load(string scene)
        {
            if (!Application.CanStreamedLevelBeLoaded(scene))
                throw new NotFoundException(string.Format(
                    "There is no scene '{0}' in the build (give a scene name or its path, as in the Build Settings).", scene));
            AsyncOperation operation = SceneManager.LoadSceneAsync(scene, LoadSceneMode.Single);
            _current = new PendingLoad(scene, operation);
            return _current;
        }

        sealed class PendingLoad : IPendingSceneLoad
        {
            readonly AsyncOperation _operation;

            public PendingLoad(string scene, AsyncOperation operation)
            {
                Scene = scene;
                SceneName = Path.GetFileNameWithoutExtension(scene);
                _operation = operation;
            }

            public string Scene { get; private set; }
            public string SceneName { get; private set; }

            public bool IsDone
            {
                get { return _operation == null || (_operation.isDone && SceneManager.GetActiveScene().name == SceneName); }
            }
        }
    }
}
