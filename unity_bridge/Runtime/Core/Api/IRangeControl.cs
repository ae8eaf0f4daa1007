namespace AgentBridgeUnity
{
    /// <summary>A control with a numeric value between bounds (a slider, a scroll bar) for <c>set_value</c>.</summary>
    public interface IRangeControl
    {
        /// <summary>The lowest value.</summary>
        double Min { get; }

        /// <summary>The highest value.</summary>
        double Max { get; }

        /// <summary>The step values snap to; 0 for none.</summary>
        double Step { get; }

        /// <summary>The value now.</summary>
        double Value { get; }

        /// <summary>
        /// Sets the value through the control's own setter, which rounds and clamps it as the
        /// engine does and raises the change event a player's input raises.
        /// </summary>
        void SetValue(double value);
    }
}
