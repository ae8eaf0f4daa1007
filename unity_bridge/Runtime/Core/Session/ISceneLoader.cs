using System.Collections.Generic;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>Starts scene changes for change_scene; says which scenes there are.</summary>
    internal interface ISceneLoader
    {
        /// <summary>The build's scenes as the Build Settings list them, the first scene first.</summary>
        IReadOnlyList<string> BuildScenes { get; }

        /// <summary>The active scene's path (as the Build Settings list it), or its name when it has none.</summary>
        string ActiveScene { get; }

        /// <summary>
        /// Starts loading <paramref name="scene"/>; throws NotFoundException when there is no such
        /// scene.
        /// </summary>
        IPendingSceneLoad Load(string scene);
    }
}
