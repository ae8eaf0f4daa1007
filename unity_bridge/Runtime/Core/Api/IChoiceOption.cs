namespace AgentBridgeUnity
{
    /// <summary>
    /// One entry of an open choice list (role <c>option</c>), which <c>select</c> chooses by its
    /// own ref.
    /// </summary>
    public interface IChoiceOption
    {
        /// <summary>The entry's index in its control's options.</summary>
        int Index { get; }

        /// <summary>The entry's text.</summary>
        string Text { get; }

        /// <summary>The engine object of the control the entry belongs to (the dropdown).</summary>
        object Owner { get; }

        /// <summary>Chooses the entry as a player would (a click on it).</summary>
        void Choose();
    }
}
