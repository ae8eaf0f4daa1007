using UnityEngine;

namespace AgentBridgeUnity.Adapters.Reflection
{
    /// <summary>
    /// TextMeshPro, read by reflection so the package does not require it: TMP_Text (every TMP
    /// label), TMP_InputField and TMP_Dropdown.
    /// </summary>
    internal static class TmpTypes
    {
        public const string Text = "TMPro.TMP_Text";
        public const string InputField = "TMPro.TMP_InputField";
        public const string Dropdown = "TMPro.TMP_Dropdown";

        public static bool IsText(Component component)
        {
            return LoadedTypes.Is(component, Text);
        }

        public static bool IsInputField(Component component)
        {
            return LoadedTypes.Is(component, InputField);
        }

        public static bool IsDropdown(Component component)
        {
            return LoadedTypes.Is(component, Dropdown);
        }

        /// <summary>The <c>text</c> of a TMP_Text, or null.</summary>
        public static string TextOf(Component component)
        {
            return IsText(component) ? LoadedTypes.Get(component, "text") as string : null;
        }
    }
}
