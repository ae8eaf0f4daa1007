using AgentBridgeUnity;
using UnityEngine;
using UnityEngine.EventSystems;
using UnityEngine.UI;
using UnityEngine.UIElements;
using Button = UnityEngine.UI.Button;
using Image = UnityEngine.UI.Image;
using Slider = UnityEngine.UI.Slider;
using Toggle = UnityEngine.UI.Toggle;

namespace AgentBridgeSamples
{
    /// <summary>
    /// Builds the playground from code when the scene starts, so the sample needs no prefab or
    /// asset: a uGUI canvas and a UI Toolkit panel, each with the nodes of the bridge's
    /// conformance scene (Title, NameEdit, PlayButton, DisabledButton, HiddenButton, ToggleButton,
    /// Volume), a camera, an EventSystem, and the game state and events an agent reads.
    /// </summary>
    public sealed class PlaygroundBuilder : MonoBehaviour
    {
        const float Row = 44f;
        int _plays;

        void Awake()
        {
            new GameObject("Main Camera", typeof(Camera)).tag = "MainCamera";
            var events = new GameObject("EventSystem", typeof(EventSystem), typeof(StandaloneInputModule));
            events.transform.SetParent(transform, false);
            BuildCanvas();
            BuildToolkitPanel();
            AgentBridge.RegisterState(() => new { scene = gameObject.scene.name, plays = _plays });
        }

        void OnPlayPressed()
        {
            _plays++;
            AgentBridge.EmitEvent("play_pressed", _plays);
        }

        void BuildCanvas()
        {
            var canvasObject = new GameObject("Canvas", typeof(RectTransform), typeof(Canvas), typeof(CanvasScaler), typeof(GraphicRaycaster));
            canvasObject.GetComponent<Canvas>().renderMode = RenderMode.ScreenSpaceOverlay;
            Transform canvas = canvasObject.transform;
            Label(canvas, "Title", "Conformance", 0);
            Field(canvas, "NameEdit", "Your name", 1);
            AddButton(canvas, "PlayButton", "Play", 2).onClick.AddListener(OnPlayPressed);
            AddButton(canvas, "DisabledButton", "Disabled", 3).interactable = false;
            AddButton(canvas, "HiddenButton", "Hidden", 4).gameObject.SetActive(false);
            var toggle = Control<Toggle>(canvas, "ToggleButton", 5);
            Label(toggle.transform, "Label", "Sound", 0);
            var volume = Control<Slider>(canvas, "Volume", 6);
            volume.minValue = 0f;
            volume.maxValue = 100f;
            volume.wholeNumbers = true;
            volume.value = 50f;
        }

        void BuildToolkitPanel()
        {
            var panelObject = new GameObject("Toolkit", typeof(UIDocument));
            var document = panelObject.GetComponent<UIDocument>();
            document.panelSettings = ScriptableObject.CreateInstance<PanelSettings>();
            VisualElement root = document.rootVisualElement;
            root.Add(new UnityEngine.UIElements.Label("Conformance") { name = "Title" });
            root.Add(new TextField("Your name") { name = "NameEdit" });
            var play = new UnityEngine.UIElements.Button { name = "PlayButton", text = "Play" };
            play.clicked += OnPlayPressed;
            root.Add(play);
            var disabled = new UnityEngine.UIElements.Button { name = "DisabledButton", text = "Disabled" };
            disabled.SetEnabled(false);
            root.Add(disabled);
            root.Add(new UnityEngine.UIElements.Button { name = "HiddenButton", text = "Hidden", visible = false });
            root.Add(new UnityEngine.UIElements.Toggle("Sound") { name = "ToggleButton" });
            root.Add(new UnityEngine.UIElements.Slider("Volume", 0f, 100f) { name = "Volume", value = 50f });
        }

        static T Control<T>(Transform parent, string name, int row) where T : Component
        {
            var gameObject = new GameObject(name, typeof(RectTransform), typeof(Image), typeof(T));
            Place(gameObject, parent, row);
            return gameObject.GetComponent<T>();
        }

        static Button AddButton(Transform parent, string name, string label, int row)
        {
            var button = Control<Button>(parent, name, row);
            Label(button.transform, "Text", label, 0);
            return button;
        }

        static void Field(Transform parent, string name, string placeholder, int row)
        {
            var field = Control<InputField>(parent, name, row);
            field.textComponent = Label(field.transform, "Text", "", 0);
            field.placeholder = Label(field.transform, "Placeholder", placeholder, 0);
        }

        static Text Label(Transform parent, string name, string text, int row)
        {
            var gameObject = new GameObject(name, typeof(RectTransform), typeof(Text));
            Place(gameObject, parent, row);
            var label = gameObject.GetComponent<Text>();
            label.text = text;
            label.font = Font.CreateDynamicFontFromOSFont("Arial", 16);
            return label;
        }

        static void Place(GameObject gameObject, Transform parent, int row)
        {
            gameObject.transform.SetParent(parent, false);
            var rect = (RectTransform)gameObject.transform;
            rect.sizeDelta = new Vector2(240f, Row - 4f);
            rect.anchoredPosition = new Vector2(0f, 160f - row * Row);
        }
    }
}
