using System;
using System.Collections;
using System.IO;
using AgentBridgeUnity.Core.Session;
using UnityEngine;
using UnityEngine.Rendering;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// screenshot: captures the screen with ScreenCapture at the end of a frame (after
    /// rendering), crops it to a node's rect when asked, and writes a PNG. Unsupported without a
    /// graphics device (<c>-nographics</c>).
    /// </summary>
    internal sealed class ScreenCaptureService : IScreenshotter
    {
        readonly MonoBehaviour _runner;

        /// <param name="runner">Runs the end-of-frame coroutine.</param>
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
            var capture = new PendingCapture();
            _runner.StartCoroutine(CaptureAtEndOfFrame(path, crop, capture));
            return capture;
        }

        static IEnumerator CaptureAtEndOfFrame(string path, double[] crop, PendingCapture capture)
        {
            yield return new WaitForEndOfFrame();
            Texture2D screen = null;
            Texture2D part = null;
            try
            {
                screen = ScreenCapture.CaptureScreenshotAsTexture();
                part = crop == null ? screen : Crop(screen, crop);
                File.WriteAllBytes(path, part.EncodeToPNG());
                capture.Width = part.width;
                capture.Height = part.height;
            }
            catch (Exception error)
            {
                capture.Error = error.Message;
            }
            finally
            {
                if (part != null && part != screen)
                    UnityEngine.Object.Destroy(part);
                if (screen != null)
                    UnityEngine.Object.Destroy(screen);
                capture.IsDone = true;
            }
        }

        /// <summary>
        /// The part of the screen inside <paramref name="rect"/> (x, y, w, h from the top left),
        /// clamped to the screen.
        /// </summary>
        static Texture2D Crop(Texture2D screen, double[] rect)
        {
            int x = Clamp(rect[0], screen.width);
            int top = Clamp(rect[1], screen.height);
            int width = Math.Max(1, Clamp(rect[0] + rect[2], screen.width) - x);
            int height = Math.Max(1, Clamp(rect[1] + rect[3], screen.height) - top);
            int y = Math.Max(0, screen.height - top - height);
            var part = new Texture2D(width, height);
            part.SetPixels(screen.GetPixels(Math.Min(x, screen.width - width), y, width, height));
            part.Apply();
            return part;
        }

        static int Clamp(double value, int limit)
        {
            return (int)Math.Max(0, Math.Min(limit, Math.Round(value)));
        }

        sealed class PendingCapture : IPendingCapture
        {
            public bool IsDone { get; set; }
            public int Width { get; set; }
            public int Height { get; set; }
            public string Error { get; set; }
        }
    }
}
