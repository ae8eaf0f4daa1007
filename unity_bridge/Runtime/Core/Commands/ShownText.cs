using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Scene;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// Whether a player sees a text: a visible label, heading, button, check box, tab,
    /// option or menu entry whose accessible name (the text it shows) holds it.
    /// </summary>
    internal static class ShownText
    {
        public static bool Holds(SceneTree tree, string text)
        {
            foreach (TreeNode node in tree.Walk(tree.Root))
            {
                if (!node.Visible)
                    continue;
                AccessibleInfo info = node.Source.Accessibility;
                if (!ShowsText(info))
                    continue;
                string name = info.Name;
                if (!string.IsNullOrEmpty(name) && name.IndexOf(text, StringComparison.Ordinal) >= 0)
                    return true;
            }
            return false;
        }

        /// <summary>The texts of the visible labels and headings, in tree order (what a replay file's <c>texts</c> lists).</summary>
        public static IEnumerable<string> Labels(SceneTree tree)
        {
            foreach (TreeNode node in tree.Walk(tree.Root))
            {
                AccessibleInfo info = node.Visible ? node.Source.Accessibility : null;
                if (info == null || (info.Role != AriaRole.Text && info.Role != AriaRole.Heading))
                    continue;
                string text = (info.Name ?? "").Trim();
                if (text.Length > 0)
                    yield return text;
            }
        }

        static bool ShowsText(AccessibleInfo info)
        {
            if (info == null)
                return false;
            switch (info.Role)
            {
                case AriaRole.Text:
                case AriaRole.Heading:
                case AriaRole.Button:
                case AriaRole.Checkbox:
                case AriaRole.Tab:
                case AriaRole.Option:
                case AriaRole.Menuitem:
                    return true;
                default:
                    return false;
            }
        }
    }
}
