namespace AgentBridgeUnity.Core.Events
{
    /// <summary>
    /// One <c>scene_changed</c> event per scene change, however the engine reports it: Unity
    /// calls both <c>SceneManager.activeSceneChanged</c> and <c>sceneLoaded</c> for a single
    /// load, only <c>sceneLoaded</c> for an additive one and only <c>activeSceneChanged</c> for
    /// <c>SetActiveScene</c>. A second report of the same scene in the same frame is the same
    /// change.
    /// </summary>
    internal sealed class SceneChangeFilter
    {
        string _lastScene;
        long _lastFrame = -1;

        /// <summary>True when the change to <paramref name="scene"/> at <paramref name="frame"/> is new.</summary>
        public bool IsNew(string scene, long frame)
        {
            if (scene == _lastScene && frame == _lastFrame)
                return false;
            _lastScene = scene;
            _lastFrame = frame;
            return true;
        }
    }
}
