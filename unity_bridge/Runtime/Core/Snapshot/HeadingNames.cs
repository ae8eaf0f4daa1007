using System;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>A label whose node name says Title, Heading or Header is a <c>heading</c>, as in docs/SNAPSHOT.md.</summary>
    internal static class HeadingNames
    {
        static readonly string[] Hints = { "title", "heading", "header" };

        public static bool Matches(string nodeName)
        {
            if (string.IsNullOrEmpty(nodeName))
                return false;
            foreach (string hint in Hints)
            {
                if (nodeName.IndexOf(hint, StringComparison.OrdinalIgnoreCase) >= 0)
                    return true;
            }
            return false;
        }

        /// <summary><c>heading</c> for a label named like one, else <c>text</c>.</summary>
        public static string RoleOf(string nodeName)
        {
            return Matches(nodeName) ? AriaRole.Heading : AriaRole.Text;
        }
    }
}
