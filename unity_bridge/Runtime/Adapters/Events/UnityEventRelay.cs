using System;
using UnityEngine;
using UnityEngine.Events;

namespace AgentBridgeUnity.Adapters.Events
{
    /// <summary>
    /// Adds a listener to a UnityEvent of one of the argument shapes the UI uses (none, bool,
    /// int, float, string, Vector2). The shapes are named in code, so IL2CPP builds have every
    /// generic instantiation they need ahead of time.
    /// </summary>
    internal static class UnityEventRelay
    {
        /// <summary>
        /// True when <paramref name="unityEvent"/> had a supported shape and now reports to
        /// <paramref name="fire"/>.
        /// </summary>
        public static bool Listen(UnityEventBase unityEvent, Action<object[]> fire)
        {
            var none = unityEvent as UnityEvent;
            if (none != null)
            {
                none.AddListener(() => fire(new object[0]));
                return true;
            }
            return Listen<bool>(unityEvent, fire) || Listen<int>(unityEvent, fire) || Listen<float>(unityEvent, fire)
                || Listen<string>(unityEvent, fire) || Listen<Vector2>(unityEvent, fire);
        }

        static bool Listen<T>(UnityEventBase unityEvent, Action<object[]> fire)
        {
            var typed = unityEvent as UnityEvent<T>;
            if (typed == null)
                return false;
            typed.AddListener(value => fire(new object[] { value }));
            return true;
        }
    }
}
