using System;
using System.Globalization;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Toolkit
{
    /// <summary>
    /// A Slider or SliderInt: role slider with its value, changed through set_property
    /// <c>value</c>.
    /// </summary>
    internal sealed class VisualRange : VisualControl
    {
        readonly string _label;
        readonly Func<double> _value;
        readonly double _low;
        readonly double _high;

        VisualRange(VisualElement element, string label, Func<double> value, double low, double high) : base(element)
        {
            _label = label;
            _value = value;
            _low = low;
            _high = high;
        }

        public static VisualRange Of(Slider slider)
        {
            return new VisualRange(slider, slider.label, () => slider.value, slider.lowValue, slider.highValue);
        }

        public static VisualRange Of(SliderInt slider)
        {
            return new VisualRange(slider, slider.label, () => slider.value, slider.lowValue, slider.highValue);
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
            fields.Set("min", _low);
            fields.Set("max", _high);
            fields.Set("disabled", Disabled);
        }
    }
}
