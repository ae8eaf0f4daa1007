using System;
using System.Collections;
using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Reflection;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// A Dropdown or TMP_Dropdown: role combobox with the chosen option as its value. A press
    /// opens the list, whose items are toggles that can be pressed in turn.
    /// </summary>
    internal sealed class DropdownControl : SelectableControl
    {
        readonly Func<List<string>> _items;
        readonly Func<int> _selected;

        DropdownControl(Selectable selectable, Func<List<string>> items, Func<int> selected) : base(selectable)
        {
            _items = items;
            _selected = selected;
        }

        public static DropdownControl Of(Dropdown dropdown)
        {
            return new DropdownControl(dropdown, () => dropdown.options.ConvertAll(option => option.text), () => dropdown.value);
        }

        /// <summary>A TMP_Dropdown, read by reflection.</summary>
        public static DropdownControl OfTextMeshPro(Selectable dropdown)
        {
            return new DropdownControl(dropdown, () => ReflectedOptions(dropdown), () => (int)LoadedTypes.Get(dropdown, "value"));
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

        public override AccessibleInfo Accessibility()
        {
            AccessibleInfo info = base.Accessibility();
            info.Role = AriaRole.Combobox;
            info.Name = ReadableName;
            info.Value = SelectedText;
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
