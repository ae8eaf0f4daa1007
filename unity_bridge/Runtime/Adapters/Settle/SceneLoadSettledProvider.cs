using AgentBridgeUnity.Adapters.Services;

namespace AgentBridgeUnity.Adapters.Settle
{
    /// <summary>Settled when no scene load started by change_scene is still under way.</summary>
    internal sealed class SceneLoadSettledProvider : ISettledProvider
    {
        readonly UnitySceneLoader _loader;

        public SceneLoadSettledProvider(UnitySceneLoader loader)
        {
            _loader = loader;
        }

        public string Name
        {
            get { return "scene loading"; }
        }

        public bool IsSettled()
        {
            return !_loader.Loading;
        }
    }
}
