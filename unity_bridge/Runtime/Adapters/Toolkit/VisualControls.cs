using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// Maps a UI Toolkit element to its <see cref="VisualControl"/>, most specific type first.
    /// </summary>
    internal static class VisualControls
    {
        public static VisualControl For(VisualElement element)
        {
            var button = element as Button;
            if (button != null)
                return new VisualButton(button);
            var boolField = element as BaseBoolField;
            if (boolField != null)
                return new VisualToggle(boolField);
            var textField = element as TextField;
            if (textField != null)
                return new VisualTextField(textField);
            var slider = element as Slider;
            if (slider != null)
                return VisualRange.Of(slider);
            var sliderInt = element as SliderInt;
            if (sliderInt != null)
                return VisualRange.Of(sliderInt);
            var dropdown = element as DropdownField;
            if (dropdown != null)
                return new VisualDropdown(dropdown);
            var foldout = element as Foldout;
            if (foldout != null)
                return new VisualFoldout(foldout);
            var text = element as TextElement;
            if (text != null)
                return new VisualText(text);
            if (element is Image)
                return new VisualRoleOnly(element, AriaRole.Img);
            if (element is ListView)
                return new VisualRoleOnly(element, AriaRole.Listbox);
            if (element is ScrollView || element is GroupBox)
                return new VisualRoleOnly(element, AriaRole.Group);
            return new VisualControl(element);
        }

        /// <summary>
        /// Controls whose children are their own parts (a toggle's checkmark, a field's input):
        /// the walker does not descend into them.
        /// </summary>
        public static bool IsLeaf(VisualElement element)
        {
            return element is TextElement || element is BaseBoolField || element is TextField
                || element is Slider || element is SliderInt || element is DropdownField;
        }
    }
}
