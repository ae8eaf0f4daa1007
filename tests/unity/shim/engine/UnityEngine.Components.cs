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
        public static Camera[] allCameras => throw null;
        public float depth { get => throw null; set => throw null; }
        public RenderTexture targetTexture { get => throw null; set => throw null; }
        public Vector3 WorldToScreenPoint(Vector3 position) => throw null;
        public void Render() => throw null;
    }

    public enum RenderTextureFormat
    {
        ARGB32 = 0, Depth = 1, ARGBHalf = 2, Default = 7,
    }

    public enum TextureFormat
    {
        Alpha8 = 1, RGB24 = 3, RGBA32 = 4, ARGB32 = 5,
    }

    public class RenderTexture : Texture
    {
        public static RenderTexture active { get => throw null; set => throw null; }
        public static RenderTexture GetTemporary(int width, int height, int depthBuffer, RenderTextureFormat format) => throw null;
        public static void ReleaseTemporary(RenderTexture temp) => throw null;
    }

    public sealed class GL
    {
        public static void Clear(bool clearDepth, bool clearColor, Color backgroundColor) => throw null;
    }

    public sealed class CanvasRenderer : Component
    {
    }

    public class Font : Object
    {
        public static Font CreateDynamicFontFromOSFont(string fontname, int size) => throw null;
    }

    public sealed class Canvas : Behaviour
    {
        public RenderMode renderMode { get => throw null; set => throw null; }
        public Camera worldCamera { get => throw null; set => throw null; }
        public Canvas rootCanvas => throw null;
        public static void ForceUpdateCanvases() => throw null;
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
        public Texture2D(int width, int height, TextureFormat textureFormat, bool mipChain) => throw null;
        public void ReadPixels(Rect source, int destX, int destY) => throw null;
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
