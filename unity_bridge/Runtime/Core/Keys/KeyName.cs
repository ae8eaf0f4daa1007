namespace AgentBridgeUnity.Core.Keys
{
    /// <summary>One key as the bridge knows it: its protocol name and what engines call it.</summary>
    internal sealed class KeyName
    {
        public KeyName(string canonical, string inputSystem, string navigation)
        {
            Canonical = canonical;
            InputSystem = inputSystem;
            Navigation = navigation;
        }

        /// <summary>The protocol's name, as the Godot bridge writes it: <c>Enter</c>, <c>A</c>, <c>Up</c>.</summary>
        public string Canonical { get; private set; }

        /// <summary>The Input System's <c>Key</c> enum member: <c>Enter</c>, <c>A</c>, <c>UpArrow</c>.</summary>
        public string InputSystem { get; private set; }

        /// <summary>
        /// The UI navigation the key gives an EventSystem without the Input System
        /// (<see cref="KeyNames.Submit"/>, <see cref="KeyNames.Cancel"/> or a move direction), or null.
        /// </summary>
        public string Navigation { get; private set; }
    }
}
