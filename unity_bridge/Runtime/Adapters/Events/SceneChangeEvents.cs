using System;
using UnityEngine.SceneManagement;

namespace AgentBridgeUnity.Adapters.Events
{
    /// <summary>
    /// Reports each change of the active scene as <c>scene_changed</c> (<c>args: [scene path]</c>).
    /// </summary>
    internal sealed class SceneChangeEvents : IDisposable
    {
        readonly Action<string> _emit;

        /// <param name="emit">Queues a scene_changed event with the new scene's path.</param>
        public SceneChangeEvents(Action<string> emit)
        {
            _emit = emit;
            SceneManager.activeSceneChanged += OnChanged;
        }

        void OnChanged(Scene previous, Scene next)
        {
            _emit(string.IsNullOrEmpty(next.path) ? next.name : next.path);
        }

        public void Dispose()
        {
            SceneManager.activeSceneChanged -= OnChanged;
        }
    }
}
