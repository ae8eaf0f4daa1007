using System.Collections.Generic;
using UnityEngine;
using UnityEngine.EventSystems;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// Asks the EventSystem's raycasters what a pointer at a screen position would hit. When the
    /// topmost hit is neither the target, inside it, nor handled by the same handler, the target
    /// is covered (a dialog over it, for example) and a player could not click it.
    /// </summary>
    internal static class HitTest
    {
        static readonly List<RaycastResult> Hits = new List<RaycastResult>();

        /// <summary>
        /// The topmost object the EventSystem's raycasters hit at a screen point (bottom-left
        /// origin), or null.
        /// </summary>
        public static GameObject TopAt(Vector2 position)
        {
            EventSystem system = EventSystem.current;
            if (system == null)
                return null;
            Hits.Clear();
            system.RaycastAll(new PointerEventData(system) { position = position }, Hits);
            return Hits.Count == 0 ? null : Hits[0].gameObject;
        }

        public static void RequireReachable(GameObject target, Vector2 position)
        {
            GameObject top = TopAt(position);
            if (top == null || top == target || top.transform.IsChildOf(target.transform))
                return;
            GameObject handler = ExecuteEvents.GetEventHandler<IPointerClickHandler>(top);
            if (handler != null && handler == ExecuteEvents.GetEventHandler<IPointerClickHandler>(target))
                return;
            throw new NotInteractableException(string.Format(
                "{0} is covered at ({1:0}, {2:0}) by {3}; a click there would reach that instead.",
                target.name, position.x, position.y, HierarchyName(top)));
        }

        static string HierarchyName(GameObject gameObject)
        {
            string name = gameObject.name;
            for (Transform parent = gameObject.transform.parent; parent != null; parent = parent.parent)
                name = parent.name + "/" + name;
            return name;
        }
    }
}
