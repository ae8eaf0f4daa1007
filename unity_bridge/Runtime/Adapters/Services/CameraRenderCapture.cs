using System.Collections.Generic;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// Renders every enabled camera that draws to the screen, lowest depth first, into one render
    /// texture and reads it back: a screenshot that needs no end of frame, for batch mode. It
    /// shows what cameras draw (the world, Screen Space - Camera and World Space canvases); Screen
    /// Space - Overlay canvases and UI Toolkit panels are drawn after the cameras and are not in it.
    /// </summary>
    internal static class CameraRenderCapture
    {
        /// <summary>A new texture of the cameras' picture; UNSUPPORTED when no camera draws to the screen.</summary>
        public static Texture2D Render(int width, int height)
        {
            var cameras = new List<Camera>();
            foreach (Camera camera in Camera.allCameras)
            {
                if (camera.targetTexture == null)
                    cameras.Add(camera);
            }
            if (cameras.Count == 0)
                throw new UnsupportedException("No enabled camera draws to the screen, so there is nothing to capture in batch mode.");
            cameras.Sort((a, b) => a.depth.CompareTo(b.depth));
            RenderTexture target = RenderTexture.GetTemporary(width, height, 24, RenderTextureFormat.ARGB32);
            RenderTexture previous = RenderTexture.active;
            try
            {
                RenderTexture.active = target;
                GL.Clear(true, true, Color.black);
                foreach (Camera camera in cameras)
                {
                    camera.targetTexture = target;
                    try
                    {
                        camera.Render();
                    }
                    finally
                    {
                        camera.targetTexture = null;
                    }
                }
                RenderTexture.active = target;
                var image = new Texture2D(width, height, TextureFormat.RGB24, false);
                image.ReadPixels(new Rect(0, 0, width, height), 0, 0);
                image.Apply();
                return image;
            }
            finally
            {
                RenderTexture.active = previous;
                RenderTexture.ReleaseTemporary(target);
            }
        }
    }
}
