using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Nodes;
using AgentBridgeUnity.Adapters.Toolkit;
using NUnit.Framework;
using UnityEngine;
using UnityEngine.EventSystems;
using UnityEngine.UI;
using UiSlider = UnityEngine.UI.Slider;

namespace AgentBridgeUnity.Tests.Runtime
{
    /// <summary>
    /// select and set_value on real controls: a uGUI Dropdown opened and its entry clicked, a
    /// Slider set through its setter, UI Toolkit's DropdownField and SliderInt. Needs Unity;
    /// runs in the Test Runner.
    /// </summary>
    [TestFixture]
    public class ChoiceControlTests
    {
        GameObject _canvas;

        [SetUp]
        public void BuildCanvas()
        {
            _canvas = new GameObject("Canvas", typeof(RectTransform), typeof(Canvas), typeof(GraphicRaycaster));
            new GameObject("EventSystem", typeof(EventSystem)).transform.SetParent(_canvas.transform);
        }

        [TearDown]
        public void DestroyCanvas()
        {
            Object.DestroyImmediate(_canvas);
        }

        Dropdown AddDropdown()
        {
            GameObject dropdownObject = DefaultControls.CreateDropdown(new DefaultControls.Resources());
            dropdownObject.name = "Difficulty";
            dropdownObject.transform.SetParent(_canvas.transform, false);
            var dropdown = dropdownObject.GetComponent<Dropdown>();
            dropdown.options = new List<Dropdown.OptionData>
            {
                new Dropdown.OptionData("Easy"), new Dropdown.OptionData("Medium"), new Dropdown.OptionData("Hard"),
            };
            return dropdown;
        }

        [Test]
        public void ADropdownIsChosenByOpeningItAndClickingTheEntry()
        {
            Dropdown dropdown = AddDropdown();
            var chosen = new List<int>();
            dropdown.onValueChanged.AddListener(chosen.Add);
            var control = (IChoiceControl)new GameObjectNode(dropdown.gameObject).Control;
            CollectionAssert.AreEqual(new[] { "Easy", "Medium", "Hard" }, control.Options);
            control.Choose(2);
            Assert.AreEqual(2, dropdown.value);
            CollectionAssert.AreEqual(new[] { 2 }, chosen);
        }

        [Test]
        public void AnOpenDropdownsEntriesAreOptions()
        {
            Dropdown dropdown = AddDropdown();
            dropdown.Show();
            GameObject list = dropdown.transform.Find("Dropdown List").gameObject;
            var toggles = new List<Toggle>();
            list.GetComponentsInChildren(false, toggles);
            var entry = new GameObjectNode(toggles[1].gameObject);
            Assert.AreEqual(AriaRole.Option, entry.Accessibility.Role);
            Assert.AreEqual("Medium", entry.Accessibility.Name);
            var option = (IChoiceOption)entry.Control;
            Assert.AreEqual(1, option.Index);
            Assert.AreEqual(dropdown.gameObject, option.Owner);
            Assert.IsTrue(new GameObjectNode(dropdown.gameObject).Accessibility.Expanded.Value);
            option.Choose();
            Assert.AreEqual(1, dropdown.value);
        }

        [Test]
        public void ASliderIsSetThroughItsSetter()
        {
            var slider = new GameObject("Level", typeof(RectTransform), typeof(UiSlider)).GetComponent<UiSlider>();
            slider.transform.SetParent(_canvas.transform, false);
            slider.minValue = 1;
            slider.maxValue = 10;
            slider.wholeNumbers = true;
            var changes = new List<float>();
            slider.onValueChanged.AddListener(changes.Add);
            var range = (IRangeControl)new GameObjectNode(slider.gameObject).Control;
            range.SetValue(40);
            Assert.AreEqual(10.0, range.Value);
            Assert.AreEqual(1.0, range.Step);
            CollectionAssert.AreEqual(new[] { 10f }, changes);
        }

        [Test]
        public void ToolkitDropdownsAndSlidersTakeChoicesAndValues()
        {
            var field = new UnityEngine.UIElements.DropdownField { choices = new List<string> { "Easy", "Hard" } };
            var choice = (IChoiceControl)VisualControls.For(field);
            choice.Choose(1);
            Assert.AreEqual("Hard", field.value);
            var slider = new UnityEngine.UIElements.SliderInt { lowValue = 0, highValue = 5 };
            var range = (IRangeControl)VisualControls.For(slider);
            range.SetValue(7.4);
            Assert.AreEqual(5.0, range.Value);
        }
    }
}
