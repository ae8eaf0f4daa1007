using UnityEngine;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>Synthesized UI Toolkit events, sent to an element through its panel's dispatcher.</summary>
    internal static class VisualInput
    {
        /// <summary>
        /// A ClickEvent, for handlers registered with <c>RegisterCallback&lt;ClickEvent&gt;</c>.
        /// </summary>
        public static void Click(VisualElement element)
        {
            using (ClickEvent click = ClickEvent.GetPooled())
            {
                click.target = element;
                element.SendEvent(click);
            }
        }

        /// <summary>
        /// A navigation submit: a Button's Clickable answers it with a single click
        /// (<c>clicked</c>).
        /// </summary>
        public static void Submit(VisualElement element)
        {
            using (NavigationSubmitEvent submit = NavigationSubmitEvent.GetPooled())
            {
                submit.target = element;
                element.SendEvent(submit);
            }
        }

        /// <summary>A Return key press, the way a player submits a text field.</summary>
        public static void PressReturn(VisualElement element)
        {
            using (KeyDownEvent key = KeyDownEvent.GetPooled('\n', KeyCode.Return, EventModifiers.None))
            {
                key.target = element;
                element.SendEvent(key);
            }
        }
    }
}
