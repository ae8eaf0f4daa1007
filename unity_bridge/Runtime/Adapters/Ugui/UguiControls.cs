using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Reflection;
using UnityEngine;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// Picks the component that decides what a GameObject is in the UI: a specific control first
    /// (Button, Toggle, Slider, Scrollbar, Dropdown, InputField and their TextMeshPro kin), then
    /// any other Selectable, then a label, then an image without children (an image with children
    /// is a panel's background). Null for GameObjects with none: containers.
    /// </summary>
    internal static class UguiControls
    {
        public static IUguiControl For(GameObject gameObject, List<Component> components)
        {
            Selectable plain = null;
            Component label = null;
            Component image = null;
            foreach (Component component in components)
            {
                if (component == null)
                    continue; // a missing script
                IUguiControl specific = Specific(component);
                if (specific != null)
                    return specific;
                if (plain == null && component is Selectable)
                    plain = (Selectable)component;
                else if (label == null && UiText.IsText(component))
                    label = component;
                else if (image == null && (component is Image || component is RawImage))
                    image = component;
            }
            if (plain != null)
                return new SelectableControl(plain);
            if (label != null)
                return new TextControl(label);
            // An image with children is a panel's background: the GameObject is a container.
            return image != null && gameObject.transform.childCount == 0 ? new ImageControl(image) : null;
        }

        static IUguiControl Specific(Component component)
        {
            if (component is Button)
                return new ButtonControl((Button)component);
            if (component is Toggle)
            {
                var toggle = (Toggle)component;
                Selectable dropdown = DropdownLists.OwnerOf(toggle);
                return dropdown != null ? (IUguiControl)new DropdownOptionControl(toggle, dropdown) : new ToggleControl(toggle);
            }
            if (component is Slider)
                return RangeControl.Of((Slider)component);
            if (component is Scrollbar)
                return RangeControl.Of((Scrollbar)component);
            if (component is Dropdown)
                return DropdownControl.Of((Dropdown)component);
            if (component is InputField || TmpTypes.IsInputField(component))
                return new TextInputControl((Selectable)component);
            if (TmpTypes.IsDropdown(component))
                return DropdownControl.OfTextMeshPro((Selectable)component);
            return null;
        }
    }
}
