// Declarations only: see README.md (UnityEngine.UI package, 1.0).
using System.Collections.Generic;
using UnityEngine.Events;
using UnityEngine.EventSystems;

namespace UnityEngine.UI
{
    public class Selectable : UIBehaviour, IPointerDownHandler, IPointerUpHandler, IPointerEnterHandler, IPointerExitHandler
    {
        public static Selectable[] allSelectablesArray => throw null;
        public bool interactable { get => throw null; set => throw null; }
        public virtual bool IsInteractable() => throw null;
        public virtual void OnPointerDown(PointerEventData eventData) => throw null;
        public virtual void OnPointerUp(PointerEventData eventData) => throw null;
        public virtual void OnPointerEnter(PointerEventData eventData) => throw null;
        public virtual void OnPointerExit(PointerEventData eventData) => throw null;
    }

    public class Button : Selectable, IPointerClickHandler
    {
        public class ButtonClickedEvent : UnityEvent
        {
        }

        public ButtonClickedEvent onClick { get => throw null; set => throw null; }
        public virtual void OnPointerClick(PointerEventData eventData) => throw null;
    }

    public class ToggleGroup : UIBehaviour
    {
    }

    public class Toggle : Selectable, IPointerClickHandler
    {
        public class ToggleEvent : UnityEvent<bool>
        {
        }

        public ToggleEvent onValueChanged;
        public ToggleGroup group { get => throw null; set => throw null; }
        public bool isOn { get => throw null; set => throw null; }
        public virtual void OnPointerClick(PointerEventData eventData) => throw null;
    }

    public class Slider : Selectable
    {
        public class SliderEvent : UnityEvent<float>
        {
        }

        public float minValue { get => throw null; set => throw null; }
        public float maxValue { get => throw null; set => throw null; }
        public bool wholeNumbers { get => throw null; set => throw null; }
        public virtual float value { get => throw null; set => throw null; }
        public SliderEvent onValueChanged { get => throw null; set => throw null; }
    }

    public class Scrollbar : Selectable
    {
        public class ScrollEvent : UnityEvent<float>
        {
        }

        public float value { get => throw null; set => throw null; }
        public int numberOfSteps { get => throw null; set => throw null; }
        public ScrollEvent onValueChanged { get => throw null; set => throw null; }
    }

    public class Dropdown : Selectable, IPointerClickHandler
    {
        public class OptionData
        {
            public OptionData(string text) => throw null;
            public string text { get => throw null; set => throw null; }
        }

        public class DropdownEvent : UnityEvent<int>
        {
        }

        public List<OptionData> options { get => throw null; set => throw null; }
        public int value { get => throw null; set => throw null; }
        public DropdownEvent onValueChanged { get => throw null; set => throw null; }
        public virtual void OnPointerClick(PointerEventData eventData) => throw null;
        public void Show() => throw null;
        public void Hide() => throw null;
    }

    public class InputField : Selectable
    {
        public class SubmitEvent : UnityEvent<string>
        {
        }

        public class OnChangeEvent : UnityEvent<string>
        {
        }

        public string text { get => throw null; set => throw null; }
        public bool readOnly { get => throw null; set => throw null; }
        public Graphic placeholder { get => throw null; set => throw null; }
        public Text textComponent { get => throw null; set => throw null; }
        public OnChangeEvent onValueChanged { get => throw null; set => throw null; }
        public SubmitEvent onEndEdit { get => throw null; set => throw null; }
    }

    public abstract class Graphic : UIBehaviour
    {
    }

    public abstract class MaskableGraphic : Graphic
    {
    }

    public class Text : MaskableGraphic
    {
        public virtual string text { get => throw null; set => throw null; }
        public Font font { get => throw null; set => throw null; }
    }

    public static class DefaultControls
    {
        public struct Resources
        {
        }

        public static GameObject CreateDropdown(Resources resources) => throw null;
    }

    public class CanvasScaler : UIBehaviour
    {
    }

    public class GraphicRaycaster : UIBehaviour
    {
    }

    public class Image : MaskableGraphic
    {
    }

    public class RawImage : MaskableGraphic
    {
    }
}
