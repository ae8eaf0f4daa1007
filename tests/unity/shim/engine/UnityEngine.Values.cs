// Declarations only: see README.md.
namespace UnityEngine
{
    public struct Vector2
    {
        public float x;
        public float y;
        public Vector2(float x, float y) => throw null;
        public static Vector2 zero => throw null;
    }

    public struct Vector3
    {
        public float x;
        public float y;
        public float z;
        public Vector3(float x, float y, float z) => throw null;
    }

    public struct Vector4
    {
        public float x;
        public float y;
        public float z;
        public float w;
        public Vector4(float x, float y, float z, float w) => throw null;
    }

    public struct Quaternion
    {
        public float x;
        public float y;
        public float z;
        public float w;
        public Quaternion(float x, float y, float z, float w) => throw null;
    }

    public struct Vector2Int
    {
        public int x { get => throw null; set => throw null; }
        public int y { get => throw null; set => throw null; }
        public Vector2Int(int x, int y) => throw null;
    }

    public struct Vector3Int
    {
        public int x { get => throw null; set => throw null; }
        public int y { get => throw null; set => throw null; }
        public int z { get => throw null; set => throw null; }
        public Vector3Int(int x, int y, int z) => throw null;
    }

    public struct Rect
    {
        public Rect(float x, float y, float width, float height) => throw null;
        public float x { get => throw null; set => throw null; }
        public float y { get => throw null; set => throw null; }
        public float width { get => throw null; set => throw null; }
        public float height { get => throw null; set => throw null; }
        public Vector2 center { get => throw null; set => throw null; }
    }

    public struct RectInt
    {
        public RectInt(int xMin, int yMin, int width, int height) => throw null;
        public int x { get => throw null; set => throw null; }
        public int y { get => throw null; set => throw null; }
        public int width { get => throw null; set => throw null; }
        public int height { get => throw null; set => throw null; }
    }

    public struct Color
    {
        public float r;
        public float g;
        public float b;
        public float a;
        public Color(float r, float g, float b, float a) => throw null;
        public static Color black => throw null;
        public static Color red => throw null;
        public static Color green => throw null;
    }

    public struct Color32
    {
        public byte r;
        public byte g;
        public byte b;
        public byte a;
        public Color32(byte r, byte g, byte b, byte a) => throw null;
        public static implicit operator Color32(Color c) => throw null;
        public static implicit operator Color(Color32 c) => throw null;
    }
}
