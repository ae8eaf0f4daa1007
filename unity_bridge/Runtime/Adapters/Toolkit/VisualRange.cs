using System;
using System.Globalization;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// A Slider or SliderInt: role slider with its value; set_value sets <c>value</c>, which the
    /// field clamps to its range and announces with a ChangeEvent, as a drag does.
    /// </summary>
    internal sealed class VisualRange : VisualControl, IRangeControl
    {
        readonly string _label;
        readonly Func<double> _value;
        readonly Action<double> _set;
        readonly Func<double> _low;
        readonly Func<double> _high;
        readonly double _step;

        VisualRange(VisualElement element, string label, Func<double> value, Action<double> set, Func<double> low,
            Func<double> high, double step) : base(element)
        {
            _label = label;
            _value = value;
            _set = set;
            _low = low;
            _high = high;
            _step = step;
        }

        public static VisualRange Of(Slider slider)
        {
            return new VisualRange(slider, slider.label, () => slider.value, value => slider.value = (float)value,
                () => slider.lowValue, () => slider.highValue, 0);
        }

        public static VisualRange Of(SliderInt slider)
        {
            return new VisualRange(slider, slider.label, () => slider.value,
                value => slider.value = (int)Math.Round(value, MidpointRounding.AwayFromZero),
                () => slider.lowValue, () => slider.highValue, 1);
        }

        public double Min
        {
            get { return Math.Min(_low(), _high()); }
        }

        public double Max
        {
            get { return Math.Max(_low(), _high()); }
        }

        public double Step
        {
            get { return _step; }
        }

        public double Value
        {
            get { return _value(); }
        }

        public void SetValue(double value)
        {
            _set(value);
        }

        public override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = AriaRole.Slider, Name = LabelOr(_label), Interactive = true, Disabled = Disabled,
                Value = _value().ToString("R", CultureInfo.InvariantCulture),
            };
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("value", _value());
            fields.Set("min", _low());
            fields.Set("max", _high());
            fields.Set("step", _step);
            fields.Set("disabled", Disabled);
        }
    }
}
