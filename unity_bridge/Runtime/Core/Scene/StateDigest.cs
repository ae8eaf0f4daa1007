using System.Collections.Generic;
using System.Text;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// A hash of the game's state under a node, so two runs can be compared frame by frame: for
    /// every node with <see cref="IDigestState"/>, in hierarchy order (the bridge's own node left
    /// out), its path and its digest fields as wire JSON, hashed with 64-bit FNV-1a and written as
    /// 16 lowercase hex digits. The same state gives the same digest in any run of the same build.
    /// </summary>
    internal sealed class StateDigest
    {
        const ulong OffsetBasis = 14695981039346656037UL;
        const ulong Prime = 1099511628211UL;

        readonly ValueMapper _values;
        readonly object _bridge;
        ulong _whole = OffsetBasis;

        StateDigest(ValueMapper values, object bridge)
        {
            _values = values;
            _bridge = bridge;
        }

        /// <summary>Nodes hashed.</summary>
        public int Count { get; private set; }

        /// <summary>The hash of everything hashed, as 16 hex digits.</summary>
        public string Digest
        {
            get { return Hex(_whole); }
        }

        /// <summary>Each hashed node's own hash by path, when asked for.</summary>
        public JObject ByNode { get; private set; }

        /// <summary>The digest of <paramref name="root"/>'s subtree, root included.</summary>
        /// <param name="root">Where to start.</param>
        /// <param name="values">Turns engine values into wire JSON.</param>
        /// <param name="bridge">The bridge's own engine object, left out.</param>
        /// <param name="byNode">Also keep each node's own hash.</param>
        public static StateDigest Of(TreeNode root, ValueMapper values, object bridge, bool byNode)
        {
            var digest = new StateDigest(values, bridge) { ByNode = byNode ? new JObject() : null };
            digest.Add(root);
            return digest;
        }

        void Add(TreeNode node)
        {
            if (MemberGuard.IsBridge(node, _bridge))
                return;
            string fields = Fields(node.Source as IDigestState);
            if (fields != null)
            {
                byte[] bytes = Encoding.UTF8.GetBytes(node.Path + "\n" + fields + "\n");
                _whole = Hash(_whole, bytes);
                if (ByNode != null)
                    ByNode[node.Path] = Hex(Hash(OffsetBasis, bytes));
                Count++;
            }
            foreach (TreeNode child in node.Children)
                Add(child);
        }

        /// <summary>The node's digest fields as wire JSON text, or null when it has none.</summary>
        string Fields(IDigestState state)
        {
            var fields = new NodeFields();
            if (state == null || !state.AddDigestFields(fields))
                return null;
            var json = new JObject();
            foreach (KeyValuePair<string, object> field in fields.Items)
                json[field.Key] = _values.ToWire(field.Value);
            return WireJson.Serialize(json);
        }

        static ulong Hash(ulong hash, byte[] bytes)
        {
            foreach (byte b in bytes)
            {
                hash ^= b;
                hash *= Prime;
            }
            return hash;
        }

        static string Hex(ulong hash)
        {
            return hash.ToString("x16", System.Globalization.CultureInfo.InvariantCulture);
        }
    }
}
