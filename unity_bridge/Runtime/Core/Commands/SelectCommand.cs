using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// select: chooses an entry of a dropdown as a player would (the control opens its list and
    /// the entry is clicked where the engine allows it), by <c>option</c> (text or index), or the
    /// entry a ref of an open list names. Answers <c>{"target", "selected": {"item", "text"}}</c>.
    /// </summary>
    internal sealed class SelectCommand : NodeActionCommand
    {
        public SelectCommand() : base("select",
            "Choose an entry of a dropdown (uGUI Dropdown, TMP_Dropdown, UI Toolkit DropdownField) as a player would.",
            TargetArgs.Schema()
                .Add("option", ArgSpec.Of(ArgSpec.Any, "the entry's text or index; left out when the ref names the entry")
                    .AsOptional()))
        {
        }

        protected override JObject Act(CommandContext context, JObject args)
        {
            TreeNode node = context.Locator.Find(args);
            var entry = NodeControls.Of<IChoiceOption>(node);
            if (entry != null)
                return ChooseEntry(context, node, entry);
            var choice = NodeControls.Of<IChoiceControl>(node);
            if (choice == null)
                throw new InvalidArgsException(String.Format(
                    "select works on dropdowns and their open entries; {0} is a {1}.", node.Path, node.Source.TypeName));
            if (args["option"] == null)
                throw new InvalidArgsException("select needs an 'option': the entry's text or index (or a ref to the entry itself).");
            IReadOnlyList<string> options = choice.Options;
            int index = ChoiceMatch.Find(options, args["option"], node.Path);
            RequireReachable(node);
            choice.Choose(index);
            return Selected(node.Path, index, options[index]);
        }

        JObject ChooseEntry(CommandContext context, TreeNode node, IChoiceOption entry)
        {
            RequireReachable(node);
            int index = entry.Index;
            string text = entry.Text;
            string owner = entry.Owner == null ? null : context.Tree.PathOf(entry.Owner);
            entry.Choose();
            return Selected(owner ?? node.Path, index, text);
        }

        void RequireReachable(TreeNode node)
        {
            string reason = ActionGuard.BlockedReason(node, Name);
            if (reason != null)
                throw new NotInteractableException(String.Format("Cannot select it: {0} {1}.", node.Path, reason));
        }

        static JObject Selected(string target, int index, string text)
        {
            var selected = new JObject();
            selected["item"] = index;
            selected["text"] = text;
            var data = new JObject();
            data["target"] = target;
            data["selected"] = selected;
            return data;
        }
    }
}
