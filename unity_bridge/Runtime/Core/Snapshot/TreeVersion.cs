using System.Text;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>
    /// <c>tree_version</c> (docs/PROTOCOL.md, section 9): a counter of the states the whole tree
    /// has been seen in. Each snapshot hands in a fingerprint of what the whole tree shows
    /// (entries, names, states and refs, never positions); a fingerprint that differs from the
    /// last one is a new version.
    /// </summary>
    internal sealed class TreeVersion
    {
        ulong _fingerprint;

        /// <summary>The current version; 0 before the first snapshot.</summary>
        public int Current { get; private set; }

        /// <summary>Records what the whole tree shows now; returns the version it is at.</summary>
        public int Observe(string wholeTree)
        {
            ulong fingerprint = Hash(wholeTree);
            if (Current == 0 || fingerprint != _fingerprint)
            {
                _fingerprint = fingerprint;
                Current++;
            }
            return Current;
        }

        /// <summary>FNV-1a over the text's UTF-8 bytes (stable within and across runs).</summary>
        static ulong Hash(string text)
        {
            const ulong Offset = 14695981039346656037UL;
            const ulong Prime = 1099511628211UL;
            ulong hash = Offset;
            foreach (byte b in Encoding.UTF8.GetBytes(text))
            {
                hash ^= b;
                hash *= Prime;
            }
            return hash;
        }
    }
}
