using System;
using System.Collections.Generic;

namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// The checks before acting on a node the way a player would: the action must apply to it
    /// (else INVALID_ARGS), and it must be visible, enabled and, for fill, editable (else
    /// NOT_INTERACTABLE). The bridge never acts behind the UI's back.
    /// </summary>
    internal static class ActionGuard
    {
        public static void Require(TreeNode node, string action)
        {
            IReadOnlyList<string> actions = node.Source.Actions;
            if (!Supports(actions, action))
                throw new InvalidArgsException(String.Format("{0} cannot take '{1}'; its actions: {2}.",
                    node.Describe(), action, actions.Count == 0 ? "none" : String.Join(", ", ToArray(actions))));
            string reason = BlockedReason(node, action);
            if (reason != null)
                throw new NotInteractableException(String.Format("Cannot {0}: {1} {2}.", action, node.Path, reason));
        }

        /// <summary>Why a player could not do <paramref name="action"/> on the node now, or null.</summary>
        public static string BlockedReason(TreeNode node, string action)
        {
            if (!node.Visible)
                return "is hidden";
            AccessibleInfo info = node.Source.Accessibility;
            if (info.Disabled)
                return "is disabled";
            if (action == NodeAction.Fill && info.ReadOnly)
                return "is not editable";
            return null;
        }

        /// <summary>Whether the node takes the action; a control that takes press takes click too.</summary>
        public static bool Supports(IReadOnlyList<string> actions, string action)
        {
            foreach (string candidate in actions)
            {
                if (candidate == action || (action == NodeAction.Click && candidate == NodeAction.Press))
                    return true;
            }
            return false;
        }

        static string[] ToArray(IReadOnlyList<string> items)
        {
            var array = new string[items.Count];
            for (int i = 0; i < array.Length; i++)
                array[i] = items[i];
            return array;
        }
    }
}
