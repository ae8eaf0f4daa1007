using UnityEngine;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// UI Toolkit input as a player gives it, through the element's panel. A click is a pointer
    /// down and up at the centre of the element's world bound, sent untargeted to the panel's
    /// root so the panel picks the element under the pointer, as for a mouse: a Button's
    /// Clickable fires (<c>clicked</c>), a ClickEvent follows, toggles flip. Keys and submit go
    /// to the focused element, so the element is focused first (on 2021.3 and 2022.3 UI Toolkit
    /// sends navigation and key events to the focused element, whatever their target).
    /// </summary>
    internal static class VisualInput
    {
        /// <summary>
        /// Clicks <paramref name="part"/> of <paramref name="element"/> (the element itself when
        /// null); NOT_INTERACTABLE when it is not laid out on a panel or something else is on top.
        /// </summary>
        public static void Click(VisualElement element, VisualElement part = null)
        {
            VisualElement target = part ?? element;
            IPanel panel = target.panel;
            Rect bound = target.worldBound;
            if (panel == null || !(bound.width > 0f && bound.height > 0f))
                throw new NotInteractableException(Describe(element)
                    + " has no laid-out area on a panel to click (is its UIDocument enabled and laid out?).");
            Vector2 centre = bound.center;
            VisualElement top = panel.Pick(centre);
            if (top == null || (top != target && !target.Contains(top)))
                throw new NotInteractableException(string.Format(
                    "{0} is covered at ({1:0}, {2:0}) by {3}; a click there would reach that instead.",
                    Describe(element), centre.x, centre.y, top == null ? "nothing pickable" : Describe(top)));
            SendPointer(panel, EventType.MouseDown, centre);
            SendPointer(panel, EventType.MouseUp, centre);
        }

        /// <summary>Return pressed on the focused element, then a navigation submit, as Enter gives them.</summary>
        public static void Submit(VisualElement element)
        {
            IPanel panel = element.panel;
            if (panel == null)
                throw new NotInteractableException(Describe(element) + " is not on a panel, so it cannot take keys.");
            element.Focus();
            using (KeyDownEvent down = KeyDownEvent.GetPooled('\n', KeyCode.Return, EventModifiers.None))
                panel.visualTree.SendEvent(down);
            using (KeyUpEvent up = KeyUpEvent.GetPooled('\n', KeyCode.Return, EventModifiers.None))
                panel.visualTree.SendEvent(up);
            using (NavigationSubmitEvent submit = NavigationSubmitEvent.GetPooled())
                panel.visualTree.SendEvent(submit);
        }

        static void SendPointer(IPanel panel, EventType type, Vector2 position)
        {
            var mouse = new Event { type = type, mousePosition = position, button = 0, clickCount = 1 };
            if (type == EventType.MouseDown)
            {
                using (PointerDownEvent down = PointerDownEvent.GetPooled(mouse))
                    panel.visualTree.SendEvent(down);
            }
            else
            {
                using (PointerUpEvent up = PointerUpEvent.GetPooled(mouse))
                    panel.visualTree.SendEvent(up);
            }
        }

        static string Describe(VisualElement element)
        {
            return string.IsNullOrEmpty(element.name) ? element.GetType().Name : element.GetType().Name + " '" + element.name + "'";
        }
    }
}
