using System.Collections.Generic;

namespace AgentBridgeUnity
{
    /// <summary>
    /// A control whose entries <c>select</c> chooses among (a dropdown). Implement it on a custom
    /// node, or on the control object an <see cref="IHasControl"/> node exposes.
    /// </summary>
    public interface IChoiceControl
    {
        /// <summary>The entries' texts, in order; an entry's index is its position here.</summary>
        IReadOnlyList<string> Options { get; }

        /// <summary>The chosen entry's index; -1 for none.</summary>
        int SelectedIndex { get; }

        /// <summary>
        /// Chooses entry <paramref name="index"/> the way a player would where the engine allows
        /// (open the list, click the entry), so the control raises what it raises for a person.
        /// The bridge has checked that the index exists and that the node is visible and enabled.
        /// </summary>
        void Choose(int index);
    }
}
