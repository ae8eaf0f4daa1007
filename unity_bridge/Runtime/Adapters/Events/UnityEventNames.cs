using AgentBridgeUnity.Adapters.Reflection;
using AgentBridgeUnity.Core.Events;
using UnityEngine;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Events
{
    /// <summary>
    /// The event type a UnityEvent is reported as. The standard controls' events get the names
    /// the Godot bridge uses for the same interaction (Button.onClick is <c>pressed</c>,
    /// Toggle.onValueChanged is <c>toggled</c>...); any other UnityEvent keeps its member name.
    /// </summary>
    internal static class UnityEventNames
    {
        public static string For(Component component, string member)
        {
            if (component is Button && member == "onClick")
                return EventNames.Pressed;
            if (member == "onValueChanged")
            {
                if (component is Toggle)
                    return EventNames.Toggled;
                if (component is Slider || component is Scrollbar)
                    return EventNames.ValueChanged;
                if (component is Dropdown || TmpTypes.IsDropdown(component))
                    return EventNames.ItemSelected;
                if (IsTextInput(component))
                    return EventNames.TextChanged;
            }
            if (IsTextInput(component) && member == SubmitMember(component))
                return EventNames.TextSubmitted;
            return member;
        }

        static bool IsTextInput(Component component)
        {
            return component is InputField || TmpTypes.IsInputField(component);
        }

        /// <summary>
        /// <c>onSubmit</c> where the field has it, else <c>onEndEdit</c> (raised by Enter).
        /// </summary>
        static string SubmitMember(Component component)
        {
            return UnityEventMembers.Find(component, "onSubmit") != null ? "onSubmit" : "onEndEdit";
        }
    }
}
