using UnityEngine;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// Where a GameObject is on screen, in pixels with the origin at the top left (as the
    /// protocol's <c>rect</c> and the Godot bridge use): a RectTransform's corners through its
    /// canvas camera, or a world object's position through the main camera.
    /// </summary>
    internal static class ScreenRects
    {
        static readonly Vector3[] Corners = new Vector3[4];

        /// <summary>
        /// The screen rectangle of a RectTransform (top-left origin), or null for other objects.
        /// </summary>
        public static Rect? Of(GameObject gameObject)
        {
            var rectTransform = gameObject.transform as RectTransform;
            if (rectTransform == null)
                return null;
            rectTransform.GetWorldCorners(Corners);
            Camera camera = CanvasCamera(gameObject);
            Vector2 min = RectTransformUtility.WorldToScreenPoint(camera, Corners[0]);
            Vector2 max = RectTransformUtility.WorldToScreenPoint(camera, Corners[2]);
            float top = Screen.height - Mathf.Max(min.y, max.y);
            return new Rect(Mathf.Min(min.x, max.x), top, Mathf.Abs(max.x - min.x), Mathf.Abs(max.y - min.y));
        }

        /// <summary>
        /// The point a pointer would press: the centre of the object on screen (bottom-left origin,
        /// as input uses).
        /// </summary>
        public static Vector2 Center(GameObject gameObject)
        {
            Rect? rect = Of(gameObject);
            if (rect.HasValue)
                return new Vector2(rect.Value.center.x, Screen.height - rect.Value.center.y);
            Camera camera = Camera.main;
            if (camera == null)
                return Vector2.zero;
            Vector3 point = camera.WorldToScreenPoint(gameObject.transform.position);
            return new Vector2(point.x, point.y);
        }

        static Camera CanvasCamera(GameObject gameObject)
        {
            Canvas canvas = gameObject.GetComponentInParent<Canvas>();
            if (canvas == null)
                return null;
            canvas = canvas.rootCanvas;
            return canvas.renderMode == RenderMode.ScreenSpaceOverlay ? null : canvas.worldCamera;
        }
    }
}
