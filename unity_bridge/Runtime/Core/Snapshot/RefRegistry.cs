using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text.RegularExpressions;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>
    /// The refs of the latest snapshot. Each snapshot numbers its refs from e1 in document order
    /// and replaces the previous set; a ref that is not in the latest snapshot is STALE_REF, so an
    /// old ref can never silently act on whatever now carries its number elsewhere.
    /// </summary>
    internal sealed class RefRegistry
    {
        static readonly Regex RefPattern = new Regex("^@?e([0-9]+)$");

        Dictionary<string, RefEntry> _current = new Dictionary<string, RefEntry>();

        /// <summary>How many snapshots issued refs so far.</summary>
        public int Snapshots { get; private set; }

        /// <summary>Forgets the previous snapshot's refs.</summary>
        public void Begin()
        {
            _current = new Dictionary<string, RefEntry>();
            Snapshots++;
        }

        public string Issue(string path, object target, string role, string name)
        {
            string reference = "e" + (_current.Count + 1).ToString(CultureInfo.InvariantCulture);
            _current[reference] = new RefEntry(reference, path, target, role, name);
            return reference;
        }

        /// <summary>
        /// The entry for "e3" or "@e3"; INVALID_ARGS for other text, STALE_REF when unknown.
        /// </summary>
        public RefEntry Resolve(string text)
        {
            Match match = RefPattern.Match((text ?? "").Trim());
            if (!match.Success)
                throw new InvalidArgsException(String.Format("'{0}' is not a ref: refs look like e3 or @e3.", text));
            string reference = "e" + match.Groups[1].Value.TrimStart('0');
            if (Snapshots == 0)
                throw new StaleRefException(String.Format("Ref {0} is unknown: take a snapshot first.", reference));
            RefEntry entry;
            if (!_current.TryGetValue(reference, out entry))
                throw new StaleRefException(String.Format(
                    "Ref {0} is not in the latest snapshot ({1}): take a new snapshot.", reference,
                    _current.Count == 0 ? "it has no refs" : "it has e1 to e" + _current.Count));
            return entry;
        }
    }
}
