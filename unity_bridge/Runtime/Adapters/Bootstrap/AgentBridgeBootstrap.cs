using AgentBridgeUnity.Core.Transport;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Bootstrap
{
    /// <summary>
    /// Starts the bridge before the first scene loads, and only when the game was started with
    /// <c>--agent-mode</c>: then it creates one hidden DontDestroyOnLoad object running
    /// <see cref="AgentBridgeBehaviour"/>. Without the flag it does nothing at all.
    /// </summary>
    internal static class AgentBridgeBootstrap
    {
        /// <summary>
        /// Forgets the previous play session's registrations (the editor may keep statics between
        /// sessions).
        /// </summary>
        [RuntimeInitializeOnLoadMethod(RuntimeInitializeLoadType.SubsystemRegistration)]
        static void ResetRegistrations()
        {
            AgentBridge.Registry.Clear();
        }

        [RuntimeInitializeOnLoadMethod(RuntimeInitializeLoadType.BeforeSceneLoad)]
        static void StartWhenAsked()
        {
            LaunchOptions options = LaunchOptions.Parse(LaunchArguments.Current());
            if (!options.AgentMode)
                return;
            if (!LaunchArguments.AllowedInThisBuild)
            {
                Debug.LogWarning("AgentBridge: --agent-mode is ignored in a release build "
                    + "(define AGENT_BRIDGE_ENABLE_IN_RELEASE to allow it).");
                return;
            }
            var bridgeObject = new GameObject("AgentBridge");
            bridgeObject.hideFlags = HideFlags.HideInHierarchy | HideFlags.NotEditable;
            Object.DontDestroyOnLoad(bridgeObject);
            bridgeObject.AddComponent<AgentBridgeBehaviour>().Begin(options);
        }
    }
}
