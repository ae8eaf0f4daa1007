using System;
using System.Collections;
using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Reflection;
using UnityEngine;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// A Dropdown or TMP_Dropdown (read by reflection): role combobox with the chosen option as
    /// its value, expanded while its list is open. A press opens the list, whose entries are
    /// options; <c>select</c> chooses as a player does: it opens the list and clicks the entry.
    /// </summary>
    internal sealed class DropdownControl : SelectableControl, IChoiceControl
    {
        readonly Func<List<string>> _items;
        readonly Func<int> _selected;
        readonly Action<int> _choose;
        readonly Action _show;

        DropdownControl(Selectable selectable, Func<List<string>> items, Func<int> selected, Action<int> choose, Action show)
            : base(selectable)
        {
            _items = items;
            _selected = selected;
            _choose = choose;
            _show = show;
        }

        public static DropdownControl Of(Dropdown dropdown)
        {
            return new DropdownControl(dropdown, () => dropdown.options.ConvertAll(option => option.text), () => dropdown.value,
                index =>
                {
                    dropdown.value = index;
                    dropdown.Hide();
                }, dropdown.Show);
        }

        /// <summary>A TMP_Dropdown, read by reflection.</summary>
        public static DropdownControl OfTextMeshPro(Selectable dropdown)
        {
            return new DropdownControl(dropdown, () => ReflectedOptions(dropdown), () => (int)LoadedTypes.Get(dropdown, "value"),
                index =>
                {
                    LoadedTypes.Set(dropdown, "value", index);
                    LoadedTypes.Call(dropdown, "Hide");
                }, () => LoadedTypes.Call(dropdown, "Show"));
        }

        static List<string> ReflectedOptions(object dropdown)
        {
            var texts = new List<string>();
            var options = LoadedTypes.Get(dropdown, "options") as IEnumerable;
            if (options != null)
            {
                foreach (object option in options)
                    texts.Add(LoadedTypes.Get(option, "text") as string ?? "");
            }
            return texts;
        }

        string SelectedText
        {
            get
            {
                List<string> items = _items();
                int selected = _selected();
                return selected >= 0 && selected < items.Count ? items[selected] : null;
            }
        }

        public IReadOnlyList<string> Options
        {
            get { return _items(); }
        }

        public int SelectedIndex
        {
            get { return _selected(); }
        }

        /// <summary>
        /// Opens the list (Show) and clicks the entry, so the dropdown runs its own selection
        /// code; when a custom template leaves no entry to click, the value is set (which raises
        /// onValueChanged as a click does) and the list is closed.
        /// </summary>
        public void Choose(int index)
        {
            if (DropdownLists.ListOf(GameObject) == null)
                _show();
            GameObject list = DropdownLists.ListOf(GameObject);
            Toggle entry = list == null ? null : DropdownLists.Entry(list, index);
            if (entry == null)
            {
                _choose(index);
                return;
            }
            Canvas.ForceUpdateCanvases();
            PointerClicker.Click(entry.gameObject);
        }

        public override AccessibleInfo Accessibility()
        {
            AccessibleInfo info = base.Accessibility();
            info.Role = AriaRole.Combobox;
            info.Name = ReadableName;
            info.Value = SelectedText;
            info.Expanded = DropdownLists.ListOf(GameObject) != null;
            return info;
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("text", SelectedText);
            fields.Set("items", _items());
            fields.Set("selected", _selected());
            base.AddFields(fields);
        }
    }
}
