using System.Collections.Generic;
using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Session;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// A player's hands on the synthetic scene, which has no screen: nodes can be hovered and
    /// dragged (recorded for tests), text is typed into <see cref="Focus"/>, points are refused,
    /// and actions and keys are refused as the Unity adapter refuses them.
    /// </summary>
    internal sealed class SyntheticInput : IPlayerInput
    {
        public SyntheticNode Hovered { get; private set; }
        public SyntheticNode DraggedFrom { get; private set; }
        public SyntheticNode DroppedOn { get; private set; }
        public string DragButton { get; private set; }
        public int WheelSteps { get; private set; }

        /// <summary>The node with keyboard focus (a text field), as clicking one would set it.</summary>
        public SyntheticNode Focus { get; set; }

        public PointerSpot Locate(object target)
        {
            return new PointerSpot(target, null);
        }

        public PointerSpot At(double x, double y)
        {
            throw new UnsupportedException("This headless host has no screen to point at; give a node.");
        }

        public void Hover(PointerSpot spot)
        {
            Hovered = spot.Target as SyntheticNode;
        }

        public void Drag(PointerSpot from, PointerSpot to, string button)
        {
            DraggedFrom = from.Target as SyntheticNode;
            DroppedOn = to.Target as SyntheticNode;
            DragButton = button;
        }

        public void Action(string action, bool? pressed, double strength)
        {
            throw new UnsupportedException("Unity has no named input actions (no InputMap); '" + action + "' cannot be sent.");
        }

        public string Key(string key, IList<string> modifiers, bool? pressed)
        {
            throw new UnsupportedException("Unity's Input Manager cannot be fed key presses; '" + key + "' cannot be sent.");
        }

        public object Type(string text)
        {
            var field = Focus == null ? null : Focus.Control as SynInputField;
            if (field == null)
                throw new NotInteractableException("No text field has keyboard focus: click a text field first.");
            if (!field.interactable || field.readOnly)
                throw new NotInteractableException(Focus.Name + " is not editable.");
            foreach (char character in text)
            {
                if (character == '\n')
                {
                    field.Raise("onEndEdit", field.text);
                    field.Raise(EventNames.TextSubmitted, field.text);
                }
                else
                {
                    field.text += character;
                }
            }
            return Focus;
        }

        public PointerSpot Wheel(PointerSpot spot, int steps)
        {
            WheelSteps += steps;
            return spot;
        }
    }
}
