// Declarations only: see README.md (UnityEngine.UIElementsModule, 2021.3).
using System;
using System.Collections.Generic;

namespace UnityEngine.UIElements
{
    public enum PickingMode
    {
        Position = 0, Ignore = 1,
    }

    public enum DisplayStyle
    {
        Flex = 0, None = 1,
    }

    public enum SliderDirection
    {
        Horizontal = 0, Vertical = 1,
    }

    public interface IPanel
    {
        VisualElement visualTree { get; }
        VisualElement Pick(Vector2 point);
    }

    public interface IEventHandler
    {
    }

    public interface IResolvedStyle
    {
        DisplayStyle display { get; }
    }

    public abstract class EventBase : IDisposable
    {
        public IEventHandler target { get => throw null; set => throw null; }
        public void Dispose() => throw null;
    }

    public abstract class EventBase<T> : EventBase where T : EventBase<T>, new()
    {
        public static T GetPooled() => throw null;
    }

    public abstract class PointerEventBase<T> : EventBase<T> where T : PointerEventBase<T>, new()
    {
        public static T GetPooled(Event systemEvent) => throw null;
    }

    public sealed class PointerDownEvent : PointerEventBase<PointerDownEvent>
    {
    }

    public sealed class PointerUpEvent : PointerEventBase<PointerUpEvent>
    {
    }

    public sealed class ClickEvent : PointerEventBase<ClickEvent>
    {
    }

    public abstract class NavigationEventBase<T> : EventBase<T> where T : NavigationEventBase<T>, new()
    {
    }

    public class NavigationSubmitEvent : NavigationEventBase<NavigationSubmitEvent>
    {
    }

    public abstract class KeyboardEventBase<T> : EventBase<T> where T : KeyboardEventBase<T>, new()
    {
        public static T GetPooled(char c, KeyCode keyCode, EventModifiers modifiers) => throw null;
        public KeyCode keyCode => throw null;
    }

    public class KeyDownEvent : KeyboardEventBase<KeyDownEvent>
    {
    }

    public class KeyUpEvent : KeyboardEventBase<KeyUpEvent>
    {
    }

    public class ChangeEvent<T> : EventBase<ChangeEvent<T>>
    {
        public T previousValue => throw null;
        public T newValue => throw null;
    }

    public delegate void EventCallback<in TEventType>(TEventType evt);

    public interface INotifyValueChanged<T>
    {
        T value { get; set; }
        void SetValueWithoutNotify(T newValue);
    }

    public static class INotifyValueChangedExtensions
    {
        public static bool RegisterValueChangedCallback<T>(this INotifyValueChanged<T> control,
            EventCallback<ChangeEvent<T>> callback) => throw null;
    }

    public abstract class CallbackEventHandler : IEventHandler
    {
        public abstract void SendEvent(EventBase e);
    }

    public abstract class Focusable : CallbackEventHandler
    {
        public virtual bool focusable { get => throw null; set => throw null; }
        public virtual void Focus() => throw null;
    }

    public class VisualElement : Focusable
    {
        public string name { get => throw null; set => throw null; }
        public int childCount => throw null;
        public IEnumerable<VisualElement> Children() => throw null;
        public bool visible { get => throw null; set => throw null; }
        public IResolvedStyle resolvedStyle => throw null;
        public bool enabledInHierarchy => throw null;
        public PickingMode pickingMode { get => throw null; set => throw null; }
        public Rect worldBound => throw null;
        public IPanel panel => throw null;
        public IStyle style => throw null;
        public bool Contains(VisualElement child) => throw null;
        public void SetEnabled(bool value) => throw null;
        public void Add(VisualElement child) => throw null;
        public void RegisterCallback<TEventType>(EventCallback<TEventType> callback) where TEventType : EventBase<TEventType>, new() => throw null;
        public override void SendEvent(EventBase e) => throw null;
    }

    public enum Position
    {
        Relative = 0, Absolute = 1,
    }

    public interface IStyle
    {
        StyleLength width { get; set; }
        StyleLength height { get; set; }
        StyleLength left { get; set; }
        StyleLength top { get; set; }
        StyleEnum<Position> position { get; set; }
    }

    public struct StyleEnum<T> where T : struct, IConvertible
    {
        public static implicit operator StyleEnum<T>(T v) => throw null;
    }

    public struct StyleLength
    {
        public static implicit operator StyleLength(float v) => throw null;
    }

    public static class UQueryExtensions
    {
        public static T Q<T>(this VisualElement e, string name = null, string className = null) where T : VisualElement => throw null;
    }

    public class PanelSettings : ScriptableObject
    {
    }

    public class BindableElement : VisualElement
    {
    }

    public class TextElement : BindableElement
    {
        public virtual string text { get => throw null; set => throw null; }
    }

    public class Label : TextElement
    {
        public Label() => throw null;
        public Label(string text) => throw null;
    }

    public class Button : TextElement
    {
        public Button() => throw null;
        public event Action clicked { add => throw null; remove => throw null; }
    }

    public abstract class BaseField<TValueType> : BindableElement, INotifyValueChanged<TValueType>
    {
        public string label { get => throw null; set => throw null; }
        public virtual TValueType value { get => throw null; set => throw null; }
        public virtual void SetValueWithoutNotify(TValueType newValue) => throw null;
    }

    public abstract class BaseBoolField : BaseField<bool>
    {
        public string text { get => throw null; set => throw null; }
    }

    public class Toggle : BaseBoolField
    {
        public Toggle() => throw null;
        public Toggle(string label) => throw null;
    }

    public class RadioButton : BaseBoolField
    {
        public RadioButton() => throw null;
    }

    public abstract class TextInputBaseField<TValueType> : BaseField<TValueType>
    {
        public bool isReadOnly { get => throw null; set => throw null; }
    }

    public class TextField : TextInputBaseField<string>
    {
        public TextField() => throw null;
        public TextField(string label) => throw null;
    }

    public abstract class BaseSlider<TValueType> : BaseField<TValueType> where TValueType : IComparable<TValueType>
    {
        public TValueType lowValue { get => throw null; set => throw null; }
        public TValueType highValue { get => throw null; set => throw null; }
    }

    public class Slider : BaseSlider<float>
    {
        public Slider() => throw null;
        public Slider(float start, float end, SliderDirection direction = SliderDirection.Horizontal, float pageSize = 0) => throw null;
        public Slider(string label, float start = 0, float end = 10, SliderDirection direction = SliderDirection.Horizontal, float pageSize = 0) => throw null;
    }

    public class SliderInt : BaseSlider<int>
    {
        public SliderInt() => throw null;
    }

    public class RadioButtonGroup : BaseField<int>
    {
        public IEnumerable<string> choices { get => throw null; set => throw null; }
    }

    public class DropdownField : BaseField<string>
    {
        public virtual List<string> choices { get => throw null; set => throw null; }
        public int index { get => throw null; set => throw null; }
    }

    public class Foldout : BindableElement, INotifyValueChanged<bool>
    {
        public string text { get => throw null; set => throw null; }
        public bool value { get => throw null; set => throw null; }
        public void SetValueWithoutNotify(bool newValue) => throw null;
    }

    public class Image : VisualElement
    {
    }

    public class ListView : BindableElement
    {
    }

    public class ScrollView : VisualElement
    {
    }

    public class GroupBox : BindableElement
    {
    }

    public class UIDocument : MonoBehaviour
    {
        public VisualElement rootVisualElement => throw null;
        public PanelSettings panelSettings { get => throw null; set => throw null; }
    }
}
