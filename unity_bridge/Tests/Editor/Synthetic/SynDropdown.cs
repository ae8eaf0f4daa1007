using System.Collections.Generic;
using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Snapshot;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// A dropdown, like UnityEngine.UI.Dropdown: a press opens a "Dropdown List" child whose
    /// entries (<see cref="SynOption"/>, role option) choose on a click and close the list;
    /// choosing raises item_selected when the value changes.
    /// </summary>
    internal sealed class SynDropdown : SyntheticControl, IChoiceControl
    {
        public const string ListName = "Dropdown List";
        static readonly string[] DropdownActions = { NodeAction.Press };

        readonly List<string> _options;
        int _value;

        public SynDropdown(params string[] options)
        {
            _options = new List<string>(options);
            interactable = true;
            onValueChanged = new SyntheticEvent("onValueChanged", "int");
        }

        public bool interactable { get; set; }

        /// <summary>Setting it raises onValueChanged (item_selected) when it changes, as Unity's does.</summary>
        public int value
        {
            get { return _value; }
            set
            {
                if (value == _value)
                    return;
                _value = value;
                Raise(EventNames.ItemSelected, value);
            }
        }

        internal SyntheticEvent onValueChanged { get; private set; }

        internal SyntheticNode List { get; private set; }

        internal override string TypeName
        {
            get { return "Dropdown"; }
        }

        IReadOnlyList<string> IChoiceControl.Options
        {
            get { return _options; }
        }

        int IChoiceControl.SelectedIndex
        {
            get { return _value; }
        }

        /// <summary>As a player: open the list, click the entry.</summary>
        void IChoiceControl.Choose(int index)
        {
            Show();
            var entry = (SynOption)List.ChildNodes[index].Control;
            entry.Click();
        }

        /// <summary>Opens the list of entries (as Dropdown.Show does).</summary>
        public void Show()
        {
            if (List != null)
                return;
            List = Owner.Add(new SyntheticNode(ListName));
            for (int i = 0; i < _options.Count; i++)
                List.Add(new SyntheticNode("Item " + i + ": " + _options[i], new SynOption(this, i)));
        }

        /// <summary>Closes the list (as Dropdown.Hide does); its entries are destroyed.</summary>
        public void Hide()
        {
            if (List == null)
                return;
            Owner.Remove(List);
            List = null;
        }

        internal void Pick(int index)
        {
            value = index;
            Hide();
        }

        internal string TextAt(int index)
        {
            return _options[index];
        }

        internal override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = AriaRole.Combobox, Name = ReadableName.Of(Owner.Name), Interactive = true, Disabled = !interactable,
                Value = _options[_value], Expanded = List != null,
            };
        }

        internal override IReadOnlyList<string> Actions
        {
            get { return DropdownActions; }
        }

        internal override void Describe(NodeFields fields)
        {
            fields.Set("text", _options[_value]);
            fields.Set("items", _options);
            fields.Set("selected", _value);
            fields.Set("disabled", !interactable);
        }

        internal override IReadOnlyList<SignalInfo> Signals()
        {
            return new[] { onValueChanged.Describe(TypeName) };
        }

        internal override ActionResult Perform(string action, ActionInput input)
        {
            Show();
            return new ActionResult();
        }
    }
}
