using AgentBridgeUnity.Core.Snapshot;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>An Image or RawImage: role img, named after its GameObject (made readable).</summary>
    internal sealed class ImageControl : UguiControlBase
    {
        public ImageControl(Component image) : base(image)
        {
        }

        public override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo { Role = AriaRole.Img, Name = ReadableName.Of(GameObject.name) };
        }
    }
}
