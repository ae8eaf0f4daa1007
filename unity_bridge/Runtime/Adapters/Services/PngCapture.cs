using System;
using System.IO;
using AgentBridgeUnity.Core.Session;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>
    /// One screenshot: takes the captured picture, crops it to a node's rect when asked, writes the
    /// PNG and reports its size (or why it failed). The textures are destroyed afterwards.
    /// </summary>
    internal sealed class PngCapture : IPendingCapture
    {
        readonly string _path;
        readonly double[] _crop;

        /// <param name="path">Where the PNG goes.</param>
        /// <param name="crop">x, y, w, h from the top left, or null for the whole picture.</param>
        public PngCapture(string path, double[] crop)
        {
            _path = path;
            _crop = crop;
        }

        public bool IsDone { get; private set; }
        public int Width { get; private set; }
        public int Height { get; private set; }
        public string Error { get; private set; }

        public void Save(Texture2D screen)
        {
            Texture2D part = null;
            try
            {
                part = _crop == null ? screen : Crop(screen, _crop);
                File.WriteAllBytes(_path, part.EncodeToPNG());
                Width = part.width;
                Height = part.height;
            }
            catch (Exception error)
            {
                Error = error.Message;
            }
            finally
            {
                if (part != null && part != screen)
                    UnityEngine.Object.Destroy(part);
                if (screen != null)
                    UnityEngine.Object.Destroy(screen);
                IsDone = true;
            }
        }

        /// <summary>The part of the picture inside <paramref name="rect"/>, clamped to it.</summary>
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
    }
}
