using System;
using System.Collections.Generic;

namespace AgentBridgeUnity.Core.Keys
{
    /// <summary>
    /// Finds the input action a request names among the game's, written <c>Map/Action</c>: the
    /// full name, or the action's own name when only one map has it; exactly, then ignoring case.
    /// </summary>
    internal static class InputActionNames
    {
        /// <summary>
        /// The index in <paramref name="qualified"/> (<c>Map/Action</c> names) of the action;
        /// NOT_FOUND (listing them) when none matches, INVALID_ARGS when the name fits several.
        /// </summary>
        public static int Find(string request, IList<string> qualified)
        {
            string wanted = (request ?? "").Trim();
            foreach (StringComparison comparison in new[] { StringComparison.Ordinal, StringComparison.OrdinalIgnoreCase })
            {
                var found = new List<int>();
                for (int i = 0; i < qualified.Count; i++)
                {
                    string name = qualified[i];
                    string own = name.Substring(name.LastIndexOf('/') + 1);
                    if (string.Equals(name, wanted, comparison) || string.Equals(own, wanted, comparison))
                        found.Add(i);
                }
                if (found.Count == 1)
                    return found[0];
                if (found.Count > 1)
                    throw new InvalidArgsException(String.Format("'{0}' names {1} input actions ({2}); write Map/Action.",
                        request, found.Count, String.Join(", ", found.ConvertAll(i => qualified[i]).ToArray())));
            }
            throw new NotFoundException(qualified.Count == 0
                ? String.Format("There is no input action '{0}': the game has no enabled input actions.", request)
                : String.Format("There is no enabled input action '{0}' (actions: {1}).", request,
                    String.Join(", ", new List<string>(qualified).ToArray())));
        }
    }
}
