using System.Collections.Generic;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Ugui
{
    /// <summary>
    /// Any Selectable: interactive, disabled when not interactable, pressed with a pointer click.
    /// Buttons, toggles and the other specific controls derive from it.
    /// </summary>
    internal class SelectableControl : UguiControlBase
    {
        public SelectableControl(Selectable selectable) : base(selectable)
        {
            Selectable = selectable;
        }

        protected Selectable Selectable { get; private set; }

        protected bool Disabled
        {
            get { return !Selectable.enabled || !Selectable.IsInteractable(); }
        }

        /// <summary>The control's label: its child text, else the GameObject's name made readable.</summary>
        protected string Label
        {
            get { return UiText.LabelOf(GameObject) ?? ReadableName; }
        }

        /// <summary>The GameObject's name as a person would say it (<c>PlayButton</c>: <c>Play Button</c>).</summary>
        protected string ReadableName
        {
            get { return Core.Snapshot.ReadableName.Of(GameObject.name); }
        }

        public override AccessibleInfo Accessibility()
        {
            return new AccessibleInfo { Role = AriaRole.Button, Name = Label, Interactive = true, Disabled = Disabled };
        }

        public override IReadOnlyList<string> Actions
        {
            get { return PressOnly; }
        }

        public override void AddFields(NodeFields fields)
        {
            fields.Set("disabled", Disabled);
        }

        public override ActionResult Perform(string action, ActionInput input)
        {
            PointerClicker.Click(GameObject);
            return new ActionResult();
        }
    }
}
