using System.Text.RegularExpressions;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>
    /// A node name as a person would say it, for controls, labels and images that show no text:
    /// <c>PlayButton</c> becomes <c>Play Button</c>, <c>Crystal_0</c> becomes <c>Crystal 0</c>.
    /// </summary>
    internal static class ReadableName
    {
        static readonly Regex WordStart = new Regex("(?<=[a-z0-9])(?=[A-Z])");

        public static string Of(string name)
        {
            if (string.IsNullOrEmpty(name))
                return "";
            return WordStart.Replace(name.Replace('_', ' '), " ").Trim();
        }
    }
}
