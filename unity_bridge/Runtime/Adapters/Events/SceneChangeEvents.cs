using System;
using AgentBridgeUnity.Core.Events;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentBridgeUnity.Adapters.Events
{
    /// <summary>
    /// Reports every scene change as <c>scene_changed</c> (<c>args: [scene path]</c>), however it
    /// happened (the change_scene command, the game's own LoadScene or LoadSceneAsync, single or
    /// additive, SetActiveScene): from <c>SceneManager.activeSceneChanged</c> and
    /// <c>sceneLoaded</c>, once per change (<see cref="SceneChangeFilter"/>).
    /// </summary>
    internal sealed class SceneChangeEvents : IDisposable
    {
        readonly Action<string> _emit;
        readonly SceneChangeFilter _filter = new SceneChangeFilter();

        /// <param name="emit">Queues a scene_changed event with the new scene's path.</param>
        public SceneChangeEvents(Action<string> emit)
        {
            _emit = emit;
            SceneManager.activeSceneChanged += OnActiveChanged;
            SceneManager.sceneLoaded += OnLoaded;
        }

        void OnActiveChanged(Scene previous, Scene next)
        {
            Report(next);
        }

        void OnLoaded(Scene scene, LoadSceneMode mode)
        {
            Report(scene);
        }

        void Report(Scene scene)
        {
            string path = string.IsNullOrEmpty(scene.path) ? scene.name : scene.path;
            if (_filter.IsNew(path, Time.frameCount))
                _emit(path);
        }

        public void Dispose()
        {
            SceneManager.activeSceneChanged -= OnActiveChanged;
            SceneManager.sceneLoaded -= OnLoaded;
        }
    }
}
