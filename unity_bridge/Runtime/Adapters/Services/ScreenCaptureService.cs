using System;
using System.Collections;
using AgentBridgeUnity.Core.Session;
using UnityEngine;
using UnityEngine.Rendering;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// screenshot. A windowed player captures the whole screen after rendering, at the end of the
    /// frame (overlay canvases and UI Toolkit panels included). In batch mode (a batch-mode editor
    /// never reaches the end of a frame) the cameras are rendered into a texture and read back at
    /// once (<see cref="CameraRenderCapture"/>). Unsupported without a graphics device
    /// (<c>-nographics</c>).
    /// </summary>
    internal sealed class ScreenCaptureService : IScreenshotter
    {
        readonly MonoBehaviour _runner;

        /// <param name="runner">Runs the end-of-frame coroutine of a windowed player.</param>
        public ScreenCaptureService(MonoBehaviour runner)
        {
            _runner = runner;
        }

        public string UnavailableReason
        {
            get
            {
                return SystemInfo.graphicsDeviceType == GraphicsDeviceType.Null
                    ? "Screenshots need a graphics device; this player runs without one (-nographics)."
                    : null;
            }
        }

        public IPendingCapture Capture(string path, double[] crop)
        {
            var capture = new PngCapture(path, crop);
            if (Application.isBatchMode)
                capture.Save(CameraRenderCapture.Render(Math.Max(1, Screen.width), Math.Max(1, Screen.height)));
            else
                _runner.StartCoroutine(CaptureAtEndOfFrame(capture));
            return capture;
        }

        static IEnumerator CaptureAtEndOfFrame(PngCapture capture)
        {
            yield return new WaitForEndOfFrame();
            capture.Save(ScreenCapture.CaptureScreenshotAsTexture());
        }
    }
}
