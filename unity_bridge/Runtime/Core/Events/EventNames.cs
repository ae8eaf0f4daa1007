namespace AgentBridgeUnity.Core.Events
{
    /// <summary>
    /// Event types the bridge emits by itself. Control events use the Godot bridge's signal names
    /// for the same interaction, so one test reads the same events from either engine.
    /// </summary>
    internal static class EventNames
    {
        /// <summary>A button was clicked (Unity: Button.onClick).</summary>
        public const string Pressed = "pressed";

        /// <summary>A toggle changed; args: [isOn] (Unity: Toggle.onValueChanged).</summary>
        public const string Toggled = "toggled";

        /// <summary>A text field's text changed; args: [text] (Unity: InputField.onValueChanged).</summary>
        public const string TextChanged = "text_changed";

        /// <summary>A text field was submitted; args: [text] (Unity: InputField.onSubmit).</summary>
        public const string TextSubmitted = "text_submitted";

        /// <summary>A slider or scrollbar moved; args: [value] (Unity: Slider.onValueChanged).</summary>
        public const string ValueChanged = "value_changed";

        /// <summary>A dropdown option was chosen; args: [index] (Unity: Dropdown.onValueChanged).</summary>
        public const string ItemSelected = "item_selected";

        /// <summary>The active scene changed; args: [scene path].</summary>
        public const string SceneChanged = "scene_changed";

        /// <summary>The engine logged an error or exception; args: [kind, message, where].</summary>
        public const string EngineError = "engine_error";
    }
}
