using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Reflection;
using AgentBridgeUnity.Adapters.Ugui;
using AgentBridgeUnity.Core.Keys;
using AgentBridgeUnity.Core.Session;
using UnityEngine;
using UnityEngine.EventSystems;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// hover, drag, typed text and the wheel through the EventSystem's own handler interfaces, as
    /// the standalone input module sends them (UGUI and world objects with raycasters). Keys and
    /// input actions go through the Input System when the project uses it
    /// (<see cref="IKeyDriver"/>), and so do mouse buttons held over frames; else keys reach menus
    /// through the EventSystem.
    /// </summary>
    internal sealed class UnityPlayerInput : IPlayerInput
    {
        const int DragSteps = 6;
#if AGENT_BRIDGE_INPUT_SYSTEM && ENABLE_INPUT_SYSTEM
        readonly IKeyDriver _keys = new InputSystemKeys();
#else
        readonly IKeyDriver _keys = new EventSystemKeys();
#endif
        GameObject _hovered;

        /// <summary>Called once a frame before the bridge answers.</summary>
        public void Update()
        {
            _keys.Update();
        }

        public bool InputPending
        {
            get { return _keys.Pending; }
        }

        public PointerSpot Locate(object target)
        {
            var gameObject = target as GameObject;
            if (gameObject == null)
                throw new UnsupportedException(
                    "hover, drag and the wheel reach GameObjects through the EventSystem; UI Toolkit elements take click, press and fill only.");
            Vector2 position = ScreenRects.Center(gameObject);
            HitTest.RequireReachable(gameObject, position);
            return new PointerSpot(gameObject, TopLeft(position));
        }

        public PointerSpot At(double x, double y)
        {
            return new PointerSpot(HitTest.TopAt(BottomLeft(x, y)), new[] { x, y });
        }

        public void Hover(PointerSpot spot)
        {
            var target = spot.Target as GameObject;
            PointerEventData data = NewPointer(Position(spot), null);
            if (_hovered != null && _hovered != target)
                ExecuteEvents.ExecuteHierarchy(_hovered, data, ExecuteEvents.pointerExitHandler);
            if (target != null)
            {
                data.pointerEnter = target;
                if (_hovered != target)
                    ExecuteEvents.ExecuteHierarchy(target, data, ExecuteEvents.pointerEnterHandler);
                ExecuteEvents.ExecuteHierarchy(target, data, ExecuteEvents.pointerMoveHandler);
            }
            _hovered = target;
        }

        public void Drag(PointerSpot from, PointerSpot to, string button)
        {
            var source = from.Target as GameObject;
            Vector2 start = Position(from);
            Vector2 end = Position(to);
            PointerEventData data = NewPointer(start, button);
            GameObject pressed = null;
            GameObject dragged = null;
            if (source != null)
            {
                data.pointerEnter = source;
                ExecuteEvents.ExecuteHierarchy(source, data, ExecuteEvents.pointerEnterHandler);
                pressed = ExecuteEvents.ExecuteHierarchy(source, data, ExecuteEvents.pointerDownHandler);
                if (pressed == null)
                    pressed = ExecuteEvents.GetEventHandler<IPointerClickHandler>(source);
                data.pointerPress = pressed;
                data.rawPointerPress = source;
                dragged = ExecuteEvents.GetEventHandler<IDragHandler>(source);
                data.pointerDrag = dragged;
                if (dragged != null)
                {
                    ExecuteEvents.Execute(dragged, data, ExecuteEvents.initializePotentialDrag);
                    data.eligibleForClick = false;
                    data.dragging = true;
                    ExecuteEvents.Execute(dragged, data, ExecuteEvents.beginDragHandler);
                }
            }
            Vector2 previous = start;
            for (int step = 1; step <= DragSteps; step++)
            {
                float t = (float)step / DragSteps;
                var position = new Vector2(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t);
                data.position = position;
                data.delta = new Vector2(position.x - previous.x, position.y - previous.y);
                previous = position;
                if (dragged != null)
                    ExecuteEvents.Execute(dragged, data, ExecuteEvents.dragHandler);
            }
            // As on release: whatever is under the pointer now takes the drop (a dragged item that
            // follows the pointer usually stops blocking raycasts while dragged).
            GameObject over = HitTest.TopAt(end);
            if (over == null)
                over = to.Target as GameObject;
            if (pressed != null)
                ExecuteEvents.Execute(pressed, data, ExecuteEvents.pointerUpHandler);
            if (over != null)
                ExecuteEvents.ExecuteHierarchy(over, data, ExecuteEvents.dropHandler);
            if (dragged != null)
            {
                ExecuteEvents.Execute(dragged, data, ExecuteEvents.endDragHandler);
                data.dragging = false;
            }
            if (source != null)
                ExecuteEvents.ExecuteHierarchy(source, data, ExecuteEvents.pointerExitHandler);
        }

        public void Action(string action, bool? pressed, double strength)
        {
            _keys.Action(action, pressed, strength);
        }

        public void Key(KeyName key, IList<KeyName> modifiers, bool? pressed)
        {
            _keys.Key(key, modifiers, pressed);
        }

        public void Button(string button, bool pressed)
        {
            _keys.Button(button, pressed);
        }

        public string CheckHoldable(string kind, string name)
        {
            return _keys.CheckHoldable(kind, name);
        }

        public int ReleaseAll()
        {
            return _keys.ReleaseAll();
        }

        public object Type(string text)
        {
            EventSystem system = EventSystem.current;
            GameObject selected = system == null ? null : system.currentSelectedGameObject;
            Selectable field = selected == null ? null : selected.GetComponent<Selectable>();
            if (field == null || !(field is InputField || TmpTypes.IsInputField(field)))
                throw new NotInteractableException(
                    "No text field has keyboard focus (the EventSystem's selected object): click a text field first.");
            if (!field.IsInteractable() || (LoadedTypes.Get(field, "readOnly") as bool? ?? false))
                throw new NotInteractableException(selected.name + " is not editable.");
            foreach (char character in text)
            {
                string now = LoadedTypes.Get(field, "text") as string ?? "";
                if (character == '\n')
                    UguiTextEntry.Fill(field, now, true);
                else
                    LoadedTypes.Set(field, "text", now + character);
            }
            return selected;
        }

        public PointerSpot Wheel(PointerSpot spot, int steps)
        {
            if (spot == null)
                spot = At(Screen.width / 2.0, Screen.height / 2.0);
            PointerEventData data = NewPointer(Position(spot), null);
            data.scrollDelta = new Vector2(0f, steps);
            var target = spot.Target as GameObject;
            if (target != null)
                ExecuteEvents.ExecuteHierarchy(target, data, ExecuteEvents.scrollHandler);
            return spot;
        }

        static PointerEventData NewPointer(Vector2 position, string button)
        {
            return new PointerEventData(EventSystem.current)
            {
                button = ButtonOf(button),
                position = position,
                pressPosition = position,
                clickTime = Time.unscaledTime,
                eligibleForClick = true,
                useDragThreshold = true,
            };
        }

        static PointerEventData.InputButton ButtonOf(string button)
        {
            if (button == "right")
                return PointerEventData.InputButton.Right;
            return button == "middle" ? PointerEventData.InputButton.Middle : PointerEventData.InputButton.Left;
        }

        /// <summary>The spot's point in input coordinates (bottom-left origin).</summary>
        static Vector2 Position(PointerSpot spot)
        {
            if (spot.Point != null)
                return BottomLeft(spot.Point[0], spot.Point[1]);
            var gameObject = spot.Target as GameObject;
            return gameObject == null ? Vector2.zero : ScreenRects.Center(gameObject);
        }

        static Vector2 BottomLeft(double x, double y)
        {
            return new Vector2((float)x, Screen.height - (float)y);
        }

        static double[] TopLeft(Vector2 position)
        {
            return new double[] { position.x, Screen.height - position.y };
        }
    }
}
