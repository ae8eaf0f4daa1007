using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text.RegularExpressions;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>
    /// Refs that never lie (docs/PROTOCOL.md, section 5). A node keeps the ref it was first given
    /// for as long as it lives, across snapshots; refs count up (e1, e2, ...) and are never
    /// reused within a run; a ref whose node is gone, or that no snapshot gave out, is
    /// STALE_REF, never another node. Nodes are told apart by their engine object.
    /// </summary>
    internal sealed class RefRegistry
    {
        /// <summary>How many gone refs keep what they named, for the STALE_REF sentence.</summary>
        const int GoneKept = 4096;

        static readonly Regex RefPattern = new Regex("^@?e([0-9]{1,18})$", RegexOptions.CultureInvariant);

        readonly Dictionary<object, string> _byTarget = new Dictionary<object, string>();
        readonly Dictionary<string, RefEntry> _entries = new Dictionary<string, RefEntry>();
        readonly Dictionary<string, string> _gone = new Dictionary<string, string>();
        readonly Queue<string> _goneOrder = new Queue<string>();
        long _next = 1;

        /// <summary>How many snapshots were taken so far.</summary>
        public int Snapshots { get; private set; }

        /// <summary>Counts a new snapshot and forgets the refs of destroyed nodes.</summary>
        public void Begin()
        {
            Snapshots++;
            var destroyed = new List<string>();
            foreach (RefEntry entry in _entries.Values)
            {
                if (!entry.Source.Exists)
                    destroyed.Add(entry.Ref);
            }
            foreach (string reference in destroyed)
                Forget(reference);
        }

        /// <summary>
        /// The ref of the node <paramref name="source"/> (made on first sight), recording where it
        /// is and what it shows now.
        /// </summary>
        public string Issue(ISceneNode source, string path, string role, string name)
        {
            object key = source.Target ?? source;
            string reference;
            if (!_byTarget.TryGetValue(key, out reference))
            {
                reference = "e" + _next.ToString(CultureInfo.InvariantCulture);
                _next++;
                _byTarget[key] = reference;
            }
            _entries[reference] = new RefEntry(reference, path, key, source, role, name);
            return reference;
        }

        /// <summary>
        /// The entry for "e3" or "@e3": INVALID_ARGS for text that is no ref, STALE_REF for a ref
        /// whose node is gone or that no snapshot gave out.
        /// </summary>
        public RefEntry Resolve(string text)
        {
            Match match = RefPattern.Match(text ?? "");
            if (!match.Success)
                throw new InvalidArgsException(String.Format(
                    "'{0}' is not a ref: refs look like e3 or @e3, from a snapshot.", text));
            string reference = "e" + match.Groups[1].Value;
            RefEntry entry;
            if (_entries.TryGetValue(reference, out entry))
                return entry;
            string gone;
            if (_gone.TryGetValue(reference, out gone))
                throw Gone(reference, gone);
            long number;
            bool given = match.Groups[1].Value[0] != '0'
                && long.TryParse(match.Groups[1].Value, NumberStyles.None, CultureInfo.InvariantCulture, out number)
                && number < _next;
            if (!given)
                throw new StaleRefException(String.Format("No snapshot gave out {0} ({1}): take a new snapshot.",
                    reference, _next == 1 ? "none was taken yet" : "the newest ref is e" + (_next - 1)));
            throw new StaleRefException(String.Format("Ref {0} named a node that is gone: take a new snapshot.", reference));
        }

        /// <summary>Forgets a ref whose node is gone (its number is never given again).</summary>
        public void Forget(string reference)
        {
            RefEntry entry;
            if (!_entries.TryGetValue(reference, out entry))
                return;
            _entries.Remove(reference);
            _byTarget.Remove(entry.Target);
            _gone[reference] = entry.Path;
            _goneOrder.Enqueue(reference);
            if (_goneOrder.Count > GoneKept)
                _gone.Remove(_goneOrder.Dequeue());
        }

        /// <summary>The STALE_REF for a ref whose node (last seen at <paramref name="path"/>) is gone.</summary>
        public static StaleRefException Gone(string reference, string path)
        {
            return new StaleRefException(String.Format("Ref {0} named {1}, which is gone: take a new snapshot.", reference, path));
        }
    }
}
