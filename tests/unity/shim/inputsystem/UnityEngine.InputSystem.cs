// Declarations only: see ../README.md (com.unity.inputsystem 1.x, the members the package uses).
using System;
using System.Collections;
using System.Collections.Generic;
using Unity.Collections;
using UnityEngine.InputSystem.Controls;
using UnityEngine.InputSystem.LowLevel;
using UnityEngine.InputSystem.Utilities;

namespace UnityEngine.InputSystem
{
    public enum Key
    {
        None = 0, Space = 1, Enter = 2, Tab = 3, Backquote = 4, Quote = 5, Semicolon = 6, Comma = 7,
        Period = 8, Slash = 9, Backslash = 10, LeftBracket = 11, RightBracket = 12, Minus = 13,
        Equals = 14, A = 15, B = 16, C = 17, D = 18, E = 19, F = 20, G = 21, H = 22, I = 23, J = 24,
        K = 25, L = 26, M = 27, N = 28, O = 29, P = 30, Q = 31, R = 32, S = 33, T = 34, U = 35,
        V = 36, W = 37, X = 38, Y = 39, Z = 40, Digit1 = 41, Digit2 = 42, Digit3 = 43, Digit4 = 44,
        Digit5 = 45, Digit6 = 46, Digit7 = 47, Digit8 = 48, Digit9 = 49, Digit0 = 50,
        LeftShift = 51, RightShift = 52, LeftAlt = 53, RightAlt = 54, LeftCtrl = 55, RightCtrl = 56,
        LeftMeta = 57, RightMeta = 58, ContextMenu = 59, Escape = 60, LeftArrow = 61,
        RightArrow = 62, UpArrow = 63, DownArrow = 64, Backspace = 65, PageDown = 66, PageUp = 67,
        Home = 68, End = 69, Insert = 70, Delete = 71, CapsLock = 72, NumLock = 73, PrintScreen = 74,
        ScrollLock = 75, Pause = 76, NumpadEnter = 77, NumpadDivide = 78, NumpadMultiply = 79,
        NumpadPlus = 80, NumpadMinus = 81, NumpadPeriod = 82, NumpadEquals = 83, Numpad0 = 84,
        Numpad1 = 85, Numpad2 = 86, Numpad3 = 87, Numpad4 = 88, Numpad5 = 89, Numpad6 = 90,
        Numpad7 = 91, Numpad8 = 92, Numpad9 = 93, F1 = 94, F2 = 95, F3 = 96, F4 = 97, F5 = 98,
        F6 = 99, F7 = 100, F8 = 101, F9 = 102, F10 = 103, F11 = 104, F12 = 105,
    }

    public abstract class InputControl
    {
        public string name => throw null;
        public string path => throw null;
        public string layout => throw null;
        public InputDevice device => throw null;
        public abstract Type valueType { get; }
        public InputControl TryGetChildControl(string path) => throw null;
    }

    public abstract class InputControl<TValue> : InputControl where TValue : struct
    {
        public override Type valueType => throw null;
    }

    public class InputDevice : InputControl
    {
        public int deviceId => throw null;
        public override Type valueType => throw null;
    }

    public class Keyboard : InputDevice
    {
        public static Keyboard current => throw null;
        public KeyControl this[Key key] => throw null;
    }

    public class Pointer : InputDevice
    {
    }

    public class Mouse : Pointer
    {
        public static Mouse current => throw null;
        public ButtonControl leftButton => throw null;
        public ButtonControl rightButton => throw null;
        public ButtonControl middleButton => throw null;
    }

    public sealed class InputActionMap
    {
        public string name => throw null;
    }

    public sealed class InputAction
    {
        public string name => throw null;
        public InputActionMap actionMap => throw null;
        public ReadOnlyArray<InputControl> controls => throw null;
    }

    public static class InputSystem
    {
        public static TDevice AddDevice<TDevice>(string name = null) where TDevice : InputDevice => throw null;
        public static InputDevice AddDevice(string layout, string name = null, string variants = null) => throw null;
        public static ReadOnlyArray<InputDevice> devices => throw null;
        public static void QueueEvent(InputEventPtr eventPtr) => throw null;
        public static List<InputAction> ListEnabledActions() => throw null;
        public static InputEventListener onEvent { get => throw null; set => throw null; }
        public static event Action onAfterUpdate { add => throw null; remove => throw null; }
    }

    public static class InputControlExtensions
    {
        public static void WriteValueIntoEvent<TValue>(this InputControl control, TValue value, InputEventPtr eventPtr)
            where TValue : struct => throw null;
        public static TValue ReadUnprocessedValueFromEvent<TValue>(this InputControl<TValue> control, InputEventPtr eventPtr)
            where TValue : struct => throw null;
        public static InputEventControlCollection EnumerateChangedControls(this InputEventPtr eventPtr,
            InputDevice device = null, float magnitudeThreshold = 0) => throw null;

        public struct InputEventControlCollection : IEnumerable<InputControl>
        {
            public InputEventPtr eventPtr => throw null;
            public IEnumerator<InputControl> GetEnumerator() => throw null;
            IEnumerator IEnumerable.GetEnumerator() => throw null;
        }
    }
}

namespace UnityEngine.InputSystem.Controls
{
    public class AxisControl : InputControl<float>
    {
    }

    public class IntegerControl : InputControl<int>
    {
    }

    public class DoubleControl : InputControl<double>
    {
    }

    public class ButtonControl : AxisControl
    {
    }

    public class KeyControl : ButtonControl
    {
    }
}

namespace UnityEngine.InputSystem.LowLevel
{
    public struct InputEventPtr
    {
        public bool valid => throw null;
        public int deviceId { get => throw null; set => throw null; }
        public bool IsA<TOtherEvent>() where TOtherEvent : struct, IInputEventTypeInfo => throw null;
    }

    public interface IInputEventTypeInfo
    {
        FourCC typeStatic { get; }
    }

    public struct StateEvent : IInputEventTypeInfo
    {
        public FourCC typeStatic => throw null;
        public static NativeArray<byte> From(InputDevice device, out InputEventPtr eventPtr,
            Allocator allocator = Allocator.Temp) => throw null;
    }

    public struct DeltaStateEvent : IInputEventTypeInfo
    {
        public FourCC typeStatic => throw null;
        public static NativeArray<byte> From(InputControl control, out InputEventPtr eventPtr,
            Allocator allocator = Allocator.Temp) => throw null;
    }

    public struct TextEvent : IInputEventTypeInfo
    {
        public FourCC typeStatic => throw null;
    }

    public struct IMECompositionEvent : IInputEventTypeInfo
    {
        public FourCC typeStatic => throw null;
    }

    public struct InputEventListener
    {
        public static InputEventListener operator +(InputEventListener _, Action<InputEventPtr, InputDevice> callback) => throw null;
        public static InputEventListener operator -(InputEventListener _, Action<InputEventPtr, InputDevice> callback) => throw null;
    }
}

namespace UnityEngine.InputSystem.Utilities
{
    public struct FourCC
    {
    }

    public struct ReadOnlyArray<TValue> : IReadOnlyList<TValue>
    {
        public int Count => throw null;
        public TValue this[int index] => throw null;
        public IEnumerator<TValue> GetEnumerator() => throw null;
        IEnumerator IEnumerable.GetEnumerator() => throw null;
    }
}
