using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Snapshot;
using System;
using System.Collections.Generic;
using System.Globalization;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>A horizontal slider, like UnityEngine.UI.Slider.</summary>
    internal sealed class SynSlider : SyntheticControl, IRangeControl
    {
        float _value;

        public SynSlider(float minValue, float maxValue, float value)
        {
            this.minValue = minValue;
            this.maxValue = maxValue;
            _value = value;
            interactable = true;
            onValueChanged = new SyntheticEvent("onValueChanged", "float");
        }

        public float minValue { get; set; }
        public float maxValue { get; set; }
        public bool wholeNumbers { get; set; }
        public bool interactable { get; set; }
        internal SyntheticEvent onValueChanged { get; private set; }

        /// <summary>
        /// Clamped to [minValue, maxValue]; setting it raises onValueChanged, as Unity's Slider
        /// does.
        /// </summary>
        public float value
        {
            get { return _value; }
            set
            {
                float clamped = Math.Max(minValue, Math.Min(maxValue, value));
                if (wholeNumbers)
                    clamped = (float)Math.Round(clamped);
                if (clamped == _value)
                    return;
                _value = clamped;
                Raise(EventNames.ValueChanged, clamped);
            }
        }

        /// <summary>Sets the value without raising onValueChanged.</summary>
        public void SetValueWithoutNotify(float input)
        {
            _value = Math.Max(minValue, Math.Min(maxValue, input));
        }

        internal override string TypeName
        {
            get { return "Slider"; }
        }

        double IRangeControl.Min
        {
            get { return minValue; }
        }

        double IRangeControl.Max
        {
            get { return maxValue; }
        }

        double IRangeControl.Step
        {
            get { return wholeNumbers ? 1 : 0; }
        }

        double IRangeControl.Value
        {
            get { return value; }
        }

        void IRangeControl.SetValue(double asked)
        {
            value = (float)asked;
        }

        internal override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = AriaRole.Slider, Name = ReadableName.Of(Owner.Name), Interactive = true, Disabled = !interactable,
                Value = value.ToString("R", CultureInfo.InvariantCulture),
            };
        }

        internal override void Describe(NodeFields fields)
        {
            fields.Set("value", value);
            fields.Set("min", minValue);
            fields.Set("max", maxValue);
            fields.Set("step", wholeNumbers ? 1f : 0f);
            fields.Set("disabled", !interactable);
        }

        internal override IReadOnlyList<SignalInfo> Signals()
        {
            return new[] { onValueChanged.Describe(TypeName) };
        }
    }
}
