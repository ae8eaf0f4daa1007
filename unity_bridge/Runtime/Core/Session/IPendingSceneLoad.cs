namespace AgentBridgeUnity.Core.Session
{
    /// <summary>A scene change under way.</summary>
    internal interface IPendingSceneLoad
    {
        /// <summary>True once the new scene is loaded and active.</summary>
        bool IsDone { get; }

        /// <summary>The scene as the request named it, echoed as <c>scene</c>.</summary>
        string Scene { get; }

        /// <summary>The loaded scene's name: its node is <c>/root/&lt;SceneName&gt;</c>.</summary>
        string SceneName { get; }
    }
}
