using UnityEngine;
using UnityEngine.EventSystems;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// Clicks a GameObject through the EventSystem's own handler interfaces, in the order the
    /// standalone input module uses: enter, down, up, click, exit, with a pointer at the object's
    /// screen centre (twice, with clickCount 1 then 2, for a double click). Refuses
    /// (NOT_INTERACTABLE) when something else would take the click there.
    /// </summary>
    internal static class PointerClicker
    {
        public static void Click(GameObject target, ActionInput input = null)
        {
            Vector2 position = ScreenRects.Center(target);
            HitTest.RequireReachable(target, position);
            ClickAt(target, position, input);
        }

        /// <summary>
        /// Clicks <paramref name="target"/> (what a raycast found) at a screen point (bottom-left
        /// origin).
        /// </summary>
        public static void ClickAt(GameObject target, Vector2 position, ActionInput input)
        {
            int clicks = input != null && input.Double ? 2 : 1;
            for (int count = 1; count <= clicks && target != null; count++)
                Sequence(target, NewPointer(position, input, count));
        }

        static PointerEventData NewPointer(Vector2 position, ActionInput input, int clickCount)
        {
            return new PointerEventData(EventSystem.current)
            {
                button = ButtonOf(input),
                position = position,
                pressPosition = position,
                clickCount = clickCount,
                clickTime = Time.unscaledTime,
                eligibleForClick = true,
                useDragThreshold = true,
            };
        }

        static void Sequence(GameObject target, PointerEventData data)
        {
            ExecuteEvents.ExecuteHierarchy(target, data, ExecuteEvents.pointerEnterHandler);
            GameObject downTarget = ExecuteEvents.ExecuteHierarchy(target, data, ExecuteEvents.pointerDownHandler);
            GameObject clickTarget = ExecuteEvents.GetEventHandler<IPointerClickHandler>(target);
            GameObject upTarget = downTarget != null ? downTarget : clickTarget;
            data.pointerPress = upTarget;
            data.rawPointerPress = target;
            if (upTarget != null)
                ExecuteEvents.Execute(upTarget, data, ExecuteEvents.pointerUpHandler);
            if (clickTarget != null && (downTarget == null || downTarget == clickTarget))
                ExecuteEvents.Execute(clickTarget, data, ExecuteEvents.pointerClickHandler);
            if (target != null)
                ExecuteEvents.ExecuteHierarchy(target, data, ExecuteEvents.pointerExitHandler);
        }

        static PointerEventData.InputButton ButtonOf(ActionInput input)
        {
            string button = input == null ? null : input.Button;
            if (button == "right")
                return PointerEventData.InputButton.Right;
            return button == "middle" ? PointerEventData.InputButton.Middle : PointerEventData.InputButton.Left;
        }

        /// <summary>True when the GameObject itself handles pointer clicks or presses.</summary>
        public static bool HandlesClicks(GameObject gameObject)
        {
            return ExecuteEvents.CanHandleEvent<IPointerClickHandler>(gameObject)
                || ExecuteEvents.CanHandleEvent<IPointerDownHandler>(gameObject);
        }
    }
}
