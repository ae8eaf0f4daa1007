// Declarations only: see README.md (UnityEngine.UI package, 1.0).
using System.Collections.Generic;

namespace UnityEngine.EventSystems
{
    public abstract class UIBehaviour : MonoBehaviour
    {
    }

    public interface IEventSystemHandler
    {
    }

    public interface IPointerEnterHandler : IEventSystemHandler
    {
        void OnPointerEnter(PointerEventData eventData);
    }

    public interface IPointerExitHandler : IEventSystemHandler
    {
        void OnPointerExit(PointerEventData eventData);
    }

    public interface IPointerDownHandler : IEventSystemHandler
    {
        void OnPointerDown(PointerEventData eventData);
    }

    public interface IPointerUpHandler : IEventSystemHandler
    {
        void OnPointerUp(PointerEventData eventData);
    }

    public interface IPointerClickHandler : IEventSystemHandler
    {
        void OnPointerClick(PointerEventData eventData);
    }

    public interface IPointerMoveHandler : IEventSystemHandler
    {
        void OnPointerMove(PointerEventData eventData);
    }

    public interface IInitializePotentialDragHandler : IEventSystemHandler
    {
        void OnInitializePotentialDrag(PointerEventData eventData);
    }

    public interface IBeginDragHandler : IEventSystemHandler
    {
        void OnBeginDrag(PointerEventData eventData);
    }

    public interface IDragHandler : IEventSystemHandler
    {
        void OnDrag(PointerEventData eventData);
    }

    public interface IEndDragHandler : IEventSystemHandler
    {
        void OnEndDrag(PointerEventData eventData);
    }

    public interface IDropHandler : IEventSystemHandler
    {
        void OnDrop(PointerEventData eventData);
    }

    public interface IScrollHandler : IEventSystemHandler
    {
        void OnScroll(PointerEventData eventData);
    }

    public interface ISubmitHandler : IEventSystemHandler
    {
        void OnSubmit(BaseEventData eventData);
    }

    public interface ICancelHandler : IEventSystemHandler
    {
        void OnCancel(BaseEventData eventData);
    }

    public interface IMoveHandler : IEventSystemHandler
    {
        void OnMove(AxisEventData eventData);
    }

    public enum MoveDirection
    {
        Left = 0, Up = 1, Right = 2, Down = 3, None = 4,
    }

    public abstract class AbstractEventData
    {
    }

    public class AxisEventData : BaseEventData
    {
        public AxisEventData(EventSystem eventSystem) : base(eventSystem) => throw null;
        public Vector2 moveVector { get => throw null; set => throw null; }
        public MoveDirection moveDir { get => throw null; set => throw null; }
    }

    public class BaseEventData : AbstractEventData
    {
        public BaseEventData(EventSystem eventSystem) => throw null;
    }

    public class PointerEventData : BaseEventData
    {
        public enum InputButton
        {
            Left = 0, Right = 1, Middle = 2,
        }

        public PointerEventData(EventSystem eventSystem) : base(eventSystem) => throw null;
        public GameObject rawPointerPress { get => throw null; set => throw null; }
        public GameObject pointerPress { get => throw null; set => throw null; }
        public bool eligibleForClick { get => throw null; set => throw null; }
        public Vector2 position { get => throw null; set => throw null; }
        public Vector2 pressPosition { get => throw null; set => throw null; }
        public float clickTime { get => throw null; set => throw null; }
        public int clickCount { get => throw null; set => throw null; }
        public bool useDragThreshold { get => throw null; set => throw null; }
        public InputButton button { get => throw null; set => throw null; }
        public GameObject pointerDrag { get => throw null; set => throw null; }
        public GameObject pointerEnter { get => throw null; set => throw null; }
        public bool dragging { get => throw null; set => throw null; }
        public Vector2 delta { get => throw null; set => throw null; }
        public Vector2 scrollDelta { get => throw null; set => throw null; }
    }

    public struct RaycastResult
    {
        public GameObject gameObject { get => throw null; set => throw null; }
    }

    public class StandaloneInputModule : UIBehaviour
    {
    }

    public class EventSystem : UIBehaviour
    {
        public static EventSystem current { get => throw null; set => throw null; }
        public GameObject currentSelectedGameObject => throw null;
        public void SetSelectedGameObject(GameObject selected) => throw null;
        public void RaycastAll(PointerEventData eventData, List<RaycastResult> raycastResults) => throw null;
    }

    public static class ExecuteEvents
    {
        public delegate void EventFunction<T1>(T1 handler, BaseEventData eventData);
        public static EventFunction<IPointerEnterHandler> pointerEnterHandler => throw null;
        public static EventFunction<IPointerExitHandler> pointerExitHandler => throw null;
        public static EventFunction<IPointerDownHandler> pointerDownHandler => throw null;
        public static EventFunction<IPointerUpHandler> pointerUpHandler => throw null;
        public static EventFunction<IPointerClickHandler> pointerClickHandler => throw null;
        public static EventFunction<IPointerMoveHandler> pointerMoveHandler => throw null;
        public static EventFunction<IInitializePotentialDragHandler> initializePotentialDrag => throw null;
        public static EventFunction<IBeginDragHandler> beginDragHandler => throw null;
        public static EventFunction<IDragHandler> dragHandler => throw null;
        public static EventFunction<IEndDragHandler> endDragHandler => throw null;
        public static EventFunction<IDropHandler> dropHandler => throw null;
        public static EventFunction<IScrollHandler> scrollHandler => throw null;
        public static EventFunction<ISubmitHandler> submitHandler => throw null;
        public static EventFunction<ICancelHandler> cancelHandler => throw null;
        public static EventFunction<IMoveHandler> moveHandler => throw null;
        public static bool Execute<T>(GameObject target, BaseEventData eventData, EventFunction<T> functor)
            where T : IEventSystemHandler => throw null;
        public static GameObject ExecuteHierarchy<T>(GameObject root, BaseEventData eventData,
            EventFunction<T> callbackFunction) where T : IEventSystemHandler => throw null;
        public static bool CanHandleEvent<T>(GameObject go) where T : IEventSystemHandler => throw null;
        public static GameObject GetEventHandler<T>(GameObject root) where T : IEventSystemHandler => throw null;
    }
}
