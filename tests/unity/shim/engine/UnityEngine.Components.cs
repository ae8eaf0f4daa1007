// Declarations only: see README.md.
namespace UnityEngine
{
    public enum RenderMode
    {
        ScreenSpaceOverlay = 0, ScreenSpaceCamera = 1, WorldSpace = 2,
    }

    public sealed class Camera : Behaviour
    {
        public static Camera main => throw null;
        public Vector3 WorldToScreenPoint(Vector3 position) => throw null;
    }

    public sealed class CanvasRenderer : Component
    {
    }

    public sealed class Canvas : Behaviour
    {
        public RenderMode renderMode { get => throw null; set => throw null; }
        public Camera worldCamera { get => throw null; set => throw null; }
        public Canvas rootCanvas => throw null;
    }

    public sealed class RectTransformUtility
    {
        public static Vector2 WorldToScreenPoint(Camera cam, Vector3 worldPoint) => throw null;
    }

    public class Animator : Behaviour
    {
        public bool isInitialized => throw null;
        public int layerCount => throw null;
        public bool IsInTransition(int layerIndex) => throw null;
    }

    public class Texture : Object
    {
        public virtual int width { get => throw null; set => throw null; }
        public virtual int height { get => throw null; set => throw null; }
    }

    public sealed class Texture2D : Texture
    {
        public Texture2D(int width, int height) => throw null;
        public Color[] GetPixels(int x, int y, int blockWidth, int blockHeight) => throw null;
        public void SetPixels(Color[] colors) => throw null;
        public void Apply() => throw null;
    }

    public static class ImageConversion
    {
        public static byte[] EncodeToPNG(this Texture2D tex) => throw null;
    }

    public static class ScreenCapture
    {
        public static Texture2D CaptureScreenshotAsTexture() => throw null;
    }
}
