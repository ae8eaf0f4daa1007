namespace AgentBridgeUnity
{
    /// <summary>
    /// A node whose control (the object deciding its role and actions) may implement
    /// <see cref="IChoiceControl"/>, <see cref="IChoiceOption"/> or <see cref="IRangeControl"/>.
    /// </summary>
    public interface IHasControl
    {
        /// <summary>The node's control, or null.</summary>
        object Control { get; }
    }
}
