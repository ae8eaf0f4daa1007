using AgentBridgeUnity.Adapters.Compat;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Settle
{
    /// <summary>Settled when no active Animator is in a transition between states on any layer.</summary>
    internal sealed class AnimatorSettledProvider : ISettledProvider
    {
        public string Name
        {
            get { return "Animator transitions"; }
        }

        public bool IsSettled()
        {
            foreach (Animator animator in SceneObjects.All<Animator>())
            {
                if (!animator.isActiveAndEnabled || !animator.isInitialized)
                    continue;
                for (int layer = 0; layer < animator.layerCount; layer++)
                {
                    if (animator.IsInTransition(layer))
                        return false;
                }
            }
            return true;
        }
    }
}
