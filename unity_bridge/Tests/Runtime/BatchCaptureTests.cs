using AgentBridgeUnity.Adapters.Services;
using NUnit.Framework;
using UnityEngine;
using UnityEngine.Rendering;

namespace AgentBridgeUnity.Tests.Runtime
{
    /// <summary>The batch-mode screenshot renders the cameras and reads them back at once. Needs Unity.</summary>
    [TestFixture]
    public class BatchCaptureTests
    {
        [Test]
        public void RendersTheCamerasIntoATextureOfTheAskedSize()
        {
            if (SystemInfo.graphicsDeviceType == GraphicsDeviceType.Null)
                Assert.Ignore("This run has no graphics device (-nographics), so nothing can be rendered.");
            var cameraObject = new GameObject("Capture Camera", typeof(Camera));
            try
            {
                Texture2D picture = CameraRenderCapture.Render(64, 32);
                Assert.AreEqual(64, picture.width);
                Assert.AreEqual(32, picture.height);
                Object.Destroy(picture);
            }
            finally
            {
                Object.Destroy(cameraObject);
            }
        }
    }
}
