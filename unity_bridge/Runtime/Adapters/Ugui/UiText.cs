using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Reflection;
using UnityEngine;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>Reads UGUI Text and TextMeshPro text (by reflection) and finds a control's label.</summary>
    internal static class UiText
    {
        public static bool IsText(Component component)
        {
            return component is Text || TmpTypes.IsText(component);
        }

        /// <summary>The text of a Text or TMP_Text component, or null for anything else.</summary>
        public static string TextOf(Component component)
        {
            var text = component as Text;
            return text != null ? text.text : TmpTypes.TextOf(component);
        }

        /// <summary>
        /// The first non-empty text among the active children: a button's or toggle's label.
        /// </summary>
        public static string LabelOf(GameObject gameObject)
        {
            var components = new List<Component>();
            gameObject.GetComponentsInChildren(false, components);
            foreach (Component component in components)
            {
                if (component == null || component.gameObject == gameObject)
                    continue;
                string text = TextOf(component);
                if (!string.IsNullOrEmpty(text))
                    return text;
            }
            return null;
        }
    }
}
