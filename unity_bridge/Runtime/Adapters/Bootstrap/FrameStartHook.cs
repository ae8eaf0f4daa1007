using System;
using System.Collections.Generic;
using UnityEngine.LowLevel;
using UnityEngine.PlayerLoop;

namespace AgentBridgeUnity.Adapters.Bootstrap
{
    /// <summary>
    /// A callback at the very start of every frame: the first system of the player loop's
    /// <c>TimeUpdate</c> phase (the first phase in every Unity the package supports; else whatever
    /// phase comes first), before input, FixedUpdate, Start, Update, coroutines, animation and
    /// rendering. A frame that blocks there is held on a frame boundary. Other code
    /// that replaces the whole player loop later (from the default loop) drops it; the bridge's
    /// behaviour then ticks from its own Update instead.
    /// </summary>
    internal sealed class FrameStartHook : IDisposable
    {
        readonly PlayerLoopSystem.UpdateFunction _callback;

        FrameStartHook(Action callback)
        {
            _callback = () => callback();
        }

        /// <summary>Puts <paramref name="callback"/> first in the player loop; null when the loop has no phase to put it in.</summary>
        public static FrameStartHook Install(Action callback)
        {
            PlayerLoopSystem root = PlayerLoop.GetCurrentPlayerLoop();
            if (root.subSystemList == null || root.subSystemList.Length == 0)
                return null;
            var hook = new FrameStartHook(callback);
            int index = Math.Max(0, Array.FindIndex(root.subSystemList, phase => phase.type == typeof(TimeUpdate)));
            PlayerLoopSystem first = root.subSystemList[index];
            var systems = new List<PlayerLoopSystem>(first.subSystemList ?? new PlayerLoopSystem[0]);
            systems.Insert(0, new PlayerLoopSystem { type = typeof(FrameStartHook), updateDelegate = hook._callback });
            first.subSystemList = systems.ToArray();
            root.subSystemList[index] = first;
            PlayerLoop.SetPlayerLoop(root);
            return hook;
        }

        /// <summary>Takes the callback out of the player loop again (the editor keeps the loop between play sessions).</summary>
        public void Dispose()
        {
            PlayerLoopSystem root = PlayerLoop.GetCurrentPlayerLoop();
            if (root.subSystemList == null)
                return;
            for (int i = 0; i < root.subSystemList.Length; i++)
            {
                PlayerLoopSystem phase = root.subSystemList[i];
                if (phase.subSystemList == null)
                    continue;
                var kept = new List<PlayerLoopSystem>(phase.subSystemList);
                if (kept.RemoveAll(system => system.updateDelegate == _callback) == 0)
                    continue;
                phase.subSystemList = kept.ToArray();
                root.subSystemList[i] = phase;
                PlayerLoop.SetPlayerLoop(root);
                return;
            }
        }
    }
}
