using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Json;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// Which entry a <c>select</c> option names: an index (a whole number), or a text (the exact
    /// text first, then ignoring case). A missing entry is NOT_FOUND listing the entries there
    /// are; an option of another JSON type is INVALID_ARGS.
    /// </summary>
    internal static class ChoiceMatch
    {
        /// <summary>How many entries a NOT_FOUND sentence lists.</summary>
        const int MaxListed = 30;

        public static int Find(IReadOnlyList<string> options, JToken option, string node)
        {
            int index = -1;
            if (JsonNumbers.IsWhole(option))
            {
                long wanted = (long)JsonNumbers.ToInteger(option);
                index = wanted >= 0 && wanted < options.Count ? (int)wanted : -1;
            }
            else if (option.Type == JTokenType.String)
                index = ByText(options, (string)option);
            else
                throw new InvalidArgsException(String.Format("select's option is an entry's text or index; got {0}.",
                    WireJson.Serialize(option)));
            if (index < 0)
                throw new NotFoundException(String.Format("{0} has no option {1}. Its options: {2}.", node,
                    WireJson.Serialize(option), Listed(options)));
            return index;
        }

        static int ByText(IReadOnlyList<string> options, string text)
        {
            for (int i = 0; i < options.Count; i++)
            {
                if (options[i] == text)
                    return i;
            }
            for (int i = 0; i < options.Count; i++)
            {
                if (string.Equals(options[i], text, StringComparison.OrdinalIgnoreCase))
                    return i;
            }
            return -1;
        }

        static string Listed(IReadOnlyList<string> options)
        {
            var shown = new List<string>();
            for (int i = 0; i < options.Count && i < MaxListed; i++)
                shown.Add("'" + options[i] + "'");
            string more = options.Count > MaxListed ? " and " + (options.Count - MaxListed) + " more" : "";
            return (shown.Count == 0 ? "none" : String.Join(", ", shown.ToArray())) + more;
        }
    }
}
