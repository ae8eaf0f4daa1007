using System;
using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Compat;
using AgentBridgeUnity.Core.Events;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Events
{
    /// <summary>
    /// Turns UI Toolkit control events into protocol events with the same names as the UGUI and
    /// Godot ones (docs/PROTOCOL.md, section 6): Button.clicked is <c>pressed</c>, a Toggle's or
    /// RadioButton's change <c>toggled</c>, a TextField's change <c>text_changed</c> and Enter in
    /// it <c>text_submitted</c>, a Slider's or SliderInt's change <c>value_changed</c>, a
    /// DropdownField's and a RadioButtonGroup's <c>item_selected</c> (with the index). Every
    /// UIDocument is scanned when <see cref="Scan"/> runs.
    /// </summary>
    internal sealed class ToolkitEventHooks
    {
        readonly HashSet<VisualElement> _hooked = new HashSet<VisualElement>();
        readonly Action<string, object, object[]> _emit;

        /// <param name="emit">Queues an event: type, the element it comes from, its arguments.</param>
        public ToolkitEventHooks(Action<string, object, object[]> emit)
        {
            _emit = emit;
        }

        public void Scan()
        {
            _hooked.RemoveWhere(element => element.panel == null);
            foreach (UIDocument document in SceneObjects.All<UIDocument>())
            {
                if (document.rootVisualElement != null)
                    Visit(document.rootVisualElement);
            }
        }

        void Visit(VisualElement element)
        {
            if (!_hooked.Contains(element) && Hook(element))
                _hooked.Add(element);
            foreach (VisualElement child in element.Children())
                Visit(child);
        }

        void Listen<T>(INotifyValueChanged<T> control, string type, Func<ChangeEvent<T>, object> argument)
        {
            object source = control;
            control.RegisterValueChangedCallback(change => _emit(type, source, new[] { argument(change) }));
        }

        bool Hook(VisualElement element)
        {
            var button = element as Button;
            if (button != null)
            {
                button.clicked += () => _emit(EventNames.Pressed, button, new object[0]);
                return true;
            }
            var toggle = element as BaseBoolField;
            if (toggle != null)
            {
                Listen<bool>(toggle, EventNames.Toggled, change => change.newValue);
                return true;
            }
            var text = element as TextField;
            if (text != null)
            {
                Listen<string>(text, EventNames.TextChanged, change => change.newValue);
                text.RegisterCallback<KeyDownEvent>(key =>
                {
                    if (key.keyCode == KeyCode.Return || key.keyCode == KeyCode.KeypadEnter)
                        _emit(EventNames.TextSubmitted, text, new object[] { text.value });
                });
                return true;
            }
            var dropdown = element as DropdownField;
            if (dropdown != null)
            {
                Listen<string>(dropdown, EventNames.ItemSelected, change => dropdown.index);
                return true;
            }
            var radios = element as RadioButtonGroup;
            if (radios != null)
            {
                Listen<int>(radios, EventNames.ItemSelected, change => change.newValue);
                return true;
            }
            return HookRange(element);
        }

        bool HookRange(VisualElement element)
        {
            var slider = element as Slider;
            if (slider != null)
            {
                Listen<float>(slider, EventNames.ValueChanged, change => change.newValue);
                return true;
            }
            var sliderInt = element as SliderInt;
            if (sliderInt != null)
            {
                Listen<int>(sliderInt, EventNames.ValueChanged, change => change.newValue);
                return true;
            }
            return false;
        }
    }
}
