using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>
    /// The snapshot text and its refs (<c>{"e1": {"role", "name", "path"}}</c>) with the tree's
    /// version, or only the version when the tree is still at the one asked about.
    /// </summary>
    internal sealed class SnapshotResult
    {
        public SnapshotResult(string text, JObject refs, int treeVersion)
        {
            Text = text;
            Refs = refs;
            TreeVersion = treeVersion;
        }

        /// <summary>Null when <see cref="Unchanged"/>.</summary>
        public string Text { get; private set; }

        /// <summary>Null when <see cref="Unchanged"/>.</summary>
        public JObject Refs { get; private set; }

        public int TreeVersion { get; private set; }

        /// <summary>True when the tree is still at the version the request named in <c>since</c>.</summary>
        public bool Unchanged
        {
            get { return Text == null; }
        }

        public static SnapshotResult Same(int treeVersion)
        {
            return new SnapshotResult(null, null, treeVersion);
        }
    }
}
