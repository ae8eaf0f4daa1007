using System.Collections.Generic;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>An entry of an open <see cref="SynDropdown"/> list: role option, chosen by a click.</summary>
    internal sealed class SynOption : SyntheticControl, IChoiceOption
    {
        static readonly string[] OptionActions = { NodeAction.Press };

        readonly SynDropdown _dropdown;
        readonly int _index;

        public SynOption(SynDropdown dropdown, int index)
        {
            _dropdown = dropdown;
            _index = index;
        }

        internal override string TypeName
        {
            get { return "Toggle"; }
        }

        int IChoiceOption.Index
        {
            get { return _index; }
        }

        string IChoiceOption.Text
        {
            get { return _dropdown.TextAt(_index); }
        }

        object IChoiceOption.Owner
        {
            get { return _dropdown.Owner; }
        }

        void IChoiceOption.Choose()
        {
            Click();
        }

        internal void Click()
        {
            _dropdown.Pick(_index);
        }

        internal override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo
            {
                Role = AriaRole.Option, Name = _dropdown.TextAt(_index), Interactive = true,
                Selected = _dropdown.value == _index,
            };
        }

        internal override IReadOnlyList<string> Actions
        {
            get { return OptionActions; }
        }

        internal override ActionResult Perform(string action, ActionInput input)
        {
            Click();
            return new ActionResult();
        }
    }
}
