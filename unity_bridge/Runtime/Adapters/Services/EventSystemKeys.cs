using System.Collections.Generic;
using AgentBridgeUnity.Core.Keys;
using UnityEngine;
using UnityEngine.EventSystems;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// Keys without the Input System: Unity's Input Manager only reads the hardware, so the bridge
    /// sends what a menu key does through the EventSystem instead, as the standalone input module
    /// would: Enter and Space submit, Escape cancels, the arrows move the selection, each to the
    /// selected UI object. Other keys, modifiers, input actions and mouse buttons held over frames
    /// answer UNSUPPORTED.
    /// </summary>
    internal sealed class EventSystemKeys : IKeyDriver
    {
        public void Key(KeyName key, IList<KeyName> modifiers, bool? pressed)
        {
            RequireMenuKey(key, modifiers.Count);
            if (pressed == false)
                return; // menus act on the press
            EventSystem system = EventSystem.current;
            GameObject selected = system == null ? null : system.currentSelectedGameObject;
            if (selected == null)
                throw new NotInteractableException("No UI object is selected in the EventSystem to take " + key.Canonical
                    + ": press or click a control first.");
            if (key.Navigation == KeyNames.Submit)
                ExecuteEvents.Execute(selected, new BaseEventData(system), ExecuteEvents.submitHandler);
            else if (key.Navigation == KeyNames.Cancel)
                ExecuteEvents.Execute(selected, new BaseEventData(system), ExecuteEvents.cancelHandler);
            else
                ExecuteEvents.Execute(selected, Move(system, key.Navigation), ExecuteEvents.moveHandler);
        }

        public void Action(string action, bool? pressed, double strength)
        {
            throw NoActions(action);
        }

        public void Button(string button, bool pressed)
        {
            throw NoButtons(button);
        }

        /// <summary>Menu keys only: a held menu key acts on its press, as a menu does.</summary>
        public string CheckHoldable(string kind, string name)
        {
            switch (kind)
            {
                case "action": throw NoActions(name);
                case "button": throw NoButtons(name);
                default:
                    KeyName key = KeyNames.Resolve(name);
                    RequireMenuKey(key, 0);
                    return key.Canonical;
            }
        }

        static void RequireMenuKey(KeyName key, int modifiers)
        {
            if (key.Navigation == null || modifiers > 0)
                throw new UnsupportedException(string.Format(
                    "Without the Input System package, Unity's Input Manager cannot be fed key presses; only menu keys "
                    + "(Enter, Space, Escape and the arrows, without modifiers) reach the selected UI object, so '{0}' cannot be sent.",
                    key.Canonical));
        }

        static UnsupportedException NoActions(string action)
        {
            return new UnsupportedException(string.Format(
                "Input actions need the Input System package (Unity's Input Manager has no named actions to feed), so '{0}' cannot be sent; press or click the control, or send a key.",
                action));
        }

        static UnsupportedException NoButtons(string button)
        {
            return new UnsupportedException(string.Format(
                "Holding the {0} mouse button needs the Input System package (Unity's Input Manager only reads the hardware); click the target instead.",
                button));
        }

        public bool Pending
        {
            get { return false; }
        }

        public void Update()
        {
        }

        /// <summary>Nothing stays pressed: menu keys act on the press.</summary>
        public int ReleaseAll()
        {
            return 0;
        }

        static AxisEventData Move(EventSystem system, string direction)
        {
            var data = new AxisEventData(system);
            switch (direction)
            {
                case KeyNames.MoveUp:
                    data.moveDir = MoveDirection.Up;
                    data.moveVector = new Vector2(0f, 1f);
                    break;
                case KeyNames.MoveDown:
                    data.moveDir = MoveDirection.Down;
                    data.moveVector = new Vector2(0f, -1f);
                    break;
                case KeyNames.MoveLeft:
                    data.moveDir = MoveDirection.Left;
                    data.moveVector = new Vector2(-1f, 0f);
                    break;
                default:
                    data.moveDir = MoveDirection.Right;
                    data.moveVector = new Vector2(1f, 0f);
                    break;
            }
            return data;
        }
    }
}
