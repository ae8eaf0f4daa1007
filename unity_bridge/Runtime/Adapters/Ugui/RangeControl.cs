using System;
using System.Collections.Generic;
using System.Globalization;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// A Slider or Scrollbar: role slider with its value; changed through set_property
    /// <c>value</c>.
    /// </summary>
    internal sealed class RangeControl : SelectableControl
    {
        readonly Func<float> _value;
        readonly float _min;
        readonly float _max;
        readonly float _step;

        RangeControl(Selectable selectable, Func<float> value, float min, float max, float step) : base(selectable)
        {
            _value = value;
            _min = min;
            _max = max;
            _step = step;
        }

        public static RangeControl Of(Slider slider)
        {
            return new RangeControl(slider, () => slider.value, slider.minValue, slider.maxValue, slider.wholeNumbers ? 1f : 0f);
        }

        public static RangeControl Of(Scrollbar scrollbar)
        {
            return new RangeControl(scrollbar, () => scrollbar.value, 0f, 1f, 0f);
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
            fields.Set("min", _min);
            fields.Set("max", _max);
            fields.Set("step", _step);
            base.AddFields(fields);
        }
    }
}
