namespace AgentBridgeUnity.Core.Session
{
    /// <summary>Starts scene changes for change_scene.</summary>
    internal interface ISceneLoader
    {
        /// <summary>
        /// Starts loading <paramref name="scene"/>; throws NotFoundException when there is no such
        /// scene.
        /// </summary>
        IPendingSceneLoad Load(string scene);
    }
}
