using System;
using System.Collections.Generic;
using System.Globalization;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// A Slider or Scrollbar: role slider with its value; set_value
    /// sets it through the control's own <c>value</c> setter, which clamps it (and rounds it for
    /// whole-number sliders and stepped scroll bars) and raises onValueChanged, as a drag does.
    /// </summary>
    internal sealed class RangeControl : SelectableControl, IRangeControl
    {
        readonly Func<float> _value;
        readonly Action<float> _set;
        readonly Func<float> _min;
        readonly Func<float> _max;
        readonly Func<float> _step;

        RangeControl(Selectable selectable, Func<float> value, Action<float> set, Func<float> min, Func<float> max,
            Func<float> step) : base(selectable)
        {
            _value = value;
            _set = set;
            _min = min;
            _max = max;
            _step = step;
        }

        public static RangeControl Of(Slider slider)
        {
            return new RangeControl(slider, () => slider.value, value => slider.value = value, () => slider.minValue,
                () => slider.maxValue, () => slider.wholeNumbers ? 1f : 0f);
        }

        public static RangeControl Of(Scrollbar scrollbar)
        {
            return new RangeControl(scrollbar, () => scrollbar.value, value => scrollbar.value = value, () => 0f, () => 1f,
                () => scrollbar.numberOfSteps > 1 ? 1f / (scrollbar.numberOfSteps - 1) : 0f);
        }

        public double Min
        {
            get { return _min(); }
        }

        public double Max
        {
            get { return _max(); }
        }

        public double Step
        {
            get { return _step(); }
        }

        public double Value
        {
            get { return _value(); }
        }

        public void SetValue(double value)
        {
            _set((float)value);
        }

        public override AccessibleInfo Accessibility()
        {
            AccessibleInfo info = base.Accessibility();
            info.Role = AriaRole.Slider;
            info.Name = ReadableName;
            info.Value = _value().ToString("R", CultureInfo.InvariantCulture);
            return info;
        }

        public override IReadOnlyList<string> Actions
        {
            get { return NoActions; }
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("value", _value());
            fields.Set("min", _min());
            fields.Set("max", _max());
            fields.Set("step", _step());
            base.AddFields(fields);
        }
    }
}
