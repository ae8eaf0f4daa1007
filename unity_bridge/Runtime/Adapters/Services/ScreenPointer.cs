using AgentBridgeUnity.Adapters.Ugui;
using AgentBridgeUnity.Core.Session;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// click at <c>x</c>, <c>y</c>: whatever the EventSystem's raycasters hit there takes a pointer
    /// click.
    /// </summary>
    internal sealed class ScreenPointer : IPointerInput
    {
        public object ClickAt(double x, double y, ActionInput input)
        {
            var position = new Vector2((float)x, Screen.height - (float)y);
            GameObject hit = HitTest.TopAt(position);
            if (hit != null)
                PointerClicker.ClickAt(hit, position, input);
            return hit;
        }
    }
}
