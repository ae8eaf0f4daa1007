using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// change_scene: finds the scene among the build's (by its Build Settings path, that path
    /// without <c>Assets/</c> or <c>.unity</c>, or its name, see <see cref="BuildScenes"/>), loads
    /// it by build index replacing the loaded ones, and reports done once that very scene is
    /// loaded and active. reset_game loads its scene here too (<see cref="LoadFresh"/>).
    /// </summary>
    internal sealed class UnitySceneLoader : ISceneLoader
    {
        PendingLoad _current;

        public bool Loading
        {
            get { return _current != null && !_current.IsDone; }
        }

        public IReadOnlyList<string> BuildScenes
        {
            get { return BuildPaths(); }
        }

        /// <summary>The active scene's Build Settings path (its name when it has none).</summary>
        public string ActiveScene
        {
            get
            {
                UnityEngine.SceneManagement.Scene active = SceneManager.GetActiveScene();
                return string.IsNullOrEmpty(active.path) ? active.name : active.path;
            }
        }

        /// <summary>The build's scene paths, by build index.</summary>
        public static List<string> BuildPaths()
        {
            var paths = new List<string>();
            for (int i = 0; i < SceneManager.sceneCountInBuildSettings; i++)
                paths.Add(SceneUtility.GetScenePathByBuildIndex(i));
            return paths;
        }

        public IPendingSceneLoad Load(string scene)
        {
            List<string> paths = BuildPaths();
            int index = Core.Scene.BuildScenes.Find(scene, paths);
            AsyncOperation operation = SceneManager.LoadSceneAsync(index, LoadSceneMode.Single);
            _current = new PendingLoad(scene, Core.Scene.BuildScenes.NameOf(paths[index]),
                () => operation == null || (operation.isDone && SceneManager.GetActiveScene().buildIndex == index));
            return _current;
        }

        /// <summary>
        /// reset_game's load: <c>SceneManager.LoadScene</c> in single mode (Unity loads the scene in
        /// a later frame), done once the active scene is a newly loaded one (another handle) of
        /// <paramref name="buildIndex"/>, even when it is the scene that was loaded before.
        /// </summary>
        public IPendingSceneLoad LoadFresh(int buildIndex)
        {
            int before = SceneManager.GetActiveScene().handle;
            SceneManager.LoadScene(buildIndex, LoadSceneMode.Single);
            string path = BuildPaths()[buildIndex];
            _current = new PendingLoad(path, Core.Scene.BuildScenes.NameOf(path), () =>
            {
                UnityEngine.SceneManagement.Scene active = SceneManager.GetActiveScene();
                return active.handle != before && active.buildIndex == buildIndex && active.isLoaded;
            });
            return _current;
        }

        sealed class PendingLoad : IPendingSceneLoad
        {
            readonly Func<bool> _done;

            public PendingLoad(string scene, string name, Func<bool> done)
            {
                Scene = scene;
                SceneName = name;
                _done = done;
            }

            public string Scene { get; private set; }
            public string SceneName { get; private set; }

            public bool IsDone
            {
                get { return _done(); }
            }
        }
    }
}
