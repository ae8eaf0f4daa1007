namespace AgentBridgeUnity
{
    /// <summary>What the snapshot shows for one node: role, name and states.</summary>
    public sealed class AccessibleInfo
    {
        /// <summary>An ARIA role name, see <see cref="AriaRole"/>.</summary>
        public string Role { get; set; }

        /// <summary>
        /// The accessible name: visible text, else a placeholder or tooltip, else (for controls,
        /// labels and images) the node's name made readable; empty for plain containers.
        /// </summary>
        public string Name { get; set; }

        /// <summary>True for controls a player can act on; they get a ref in snapshots.</summary>
        public bool Interactive { get; set; }

        /// <summary>True when the control exists but refuses input.</summary>
        public bool Disabled { get; set; }

        /// <summary>Checked state of checkboxes and radios; null when not checkable.</summary>
        public bool? Checked { get; set; }

        /// <summary>True for a selected option or tab.</summary>
        public bool Selected { get; set; }

        /// <summary>Expanded state of foldouts and comboboxes; null when not expandable.</summary>
        public bool? Expanded { get; set; }

        /// <summary>The current value as text (sliders, text boxes); null when none.</summary>
        public string Value { get; set; }

        /// <summary>True for a text control that cannot be edited (shown as <c>disabled</c>).</summary>
        public bool ReadOnly { get; set; }

        /// <summary>The game's own script class of an interactive node, shown as <c>class=...</c>; null for none.</summary>
        public string ClassHint { get; set; }
    }
}
