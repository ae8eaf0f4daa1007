using System.Collections.Generic;
using System.Globalization;
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
    /// <para>
    /// For a replay's checkpoints (docs/REPLAY.md) it also gives each node's field hashes: four hex
    /// digits per field (a script's public fields, which the digest holds under <c>props</c>, one
    /// field each), so a replay that parts from its recording can name the node and the field.
    /// </para>
    /// </summary>
    internal sealed class StateDigest
    {
        /// <summary>Hex digits of one field's hash in <see cref="Fields"/>.</summary>
        public const int FieldDigits = 4;

        /// <summary>The digest field whose object holds a script's public fields, one field each.</summary>
        const string Props = "props";
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

        /// <summary>
        /// Each hashed node's field hashes by path (<see cref="FieldDigits"/> hex digits per field,
        /// in the order of <see cref="FieldsOf"/>), when asked for.
        /// </summary>
        public Dictionary<string, string> Fields { get; private set; }

        /// <summary>The paths of the hashed nodes in hierarchy order, with <see cref="Fields"/>.</summary>
        public List<string> Order { get; private set; }

        /// <summary>The digest of <paramref name="root"/>'s subtree, root included.</summary>
        /// <param name="root">Where to start.</param>
        /// <param name="values">Turns engine values into wire JSON.</param>
        /// <param name="bridge">The bridge's own engine object, left out.</param>
        /// <param name="byNode">Also keep each node's own hash.</param>
        /// <param name="fields">Also keep each node's field hashes (<see cref="Fields"/>).</param>
        public static StateDigest Of(TreeNode root, ValueMapper values, object bridge, bool byNode, bool fields = false)
        {
            var digest = new StateDigest(values, bridge) { ByNode = byNode ? new JObject() : null };
            if (fields)
            {
                digest.Fields = new Dictionary<string, string>();
                digest.Order = new List<string>();
            }
            digest.Add(root);
            return digest;
        }

        /// <summary>
        /// The fields of one node as the field hashes count them: each digest field by its name,
        /// and each of a script's public fields by the field's own name; empty for a node the
        /// digest does not hash.
        /// </summary>
        public static List<KeyValuePair<string, JToken>> FieldsOf(TreeNode node, ValueMapper values)
        {
            return Split(State(node.Source as IDigestState, values));
        }

        static List<KeyValuePair<string, JToken>> Split(JObject state)
        {
            var split = new List<KeyValuePair<string, JToken>>();
            if (state == null)
                return split;
            foreach (JProperty field in state.Properties())
            {
                var props = field.Value as JObject;
                if (field.Name == Props && props != null)
                {
                    foreach (JProperty prop in props.Properties())
                        split.Add(new KeyValuePair<string, JToken>(prop.Name, prop.Value));
                }
                else
                {
                    split.Add(new KeyValuePair<string, JToken>(field.Name, field.Value));
                }
            }
            return split;
        }

        /// <summary>The hash of one field's wire JSON in <see cref="Fields"/>: <see cref="FieldDigits"/> hex digits.</summary>
        public static string FieldHash(JToken value)
        {
            ulong hash = Hash(OffsetBasis, Encoding.UTF8.GetBytes(WireJson.Serialize(value)));
            return (hash & 0xffff).ToString("x4", CultureInfo.InvariantCulture);
        }

        void Add(TreeNode node)
        {
            if (MemberGuard.IsBridge(node, _bridge))
                return;
            JObject state = State(node.Source as IDigestState, _values);
            if (state != null)
            {
                byte[] bytes = Encoding.UTF8.GetBytes(node.Path + "\n" + WireJson.Serialize(state) + "\n");
                _whole = Hash(_whole, bytes);
                if (ByNode != null)
                    ByNode[node.Path] = Hex(Hash(OffsetBasis, bytes));
                if (Fields != null)
                {
                    var hashes = new StringBuilder();
                    foreach (KeyValuePair<string, JToken> field in Split(state))
                        hashes.Append(FieldHash(field.Value));
                    Fields[node.Path] = hashes.ToString();
                    Order.Add(node.Path);
                }
                Count++;
            }
            foreach (TreeNode child in node.Children)
                Add(child);
        }

        /// <summary>The node's digest fields as wire JSON, or null when it has none.</summary>
        static JObject State(IDigestState state, ValueMapper values)
        {
            var fields = new NodeFields();
            if (state == null || !state.AddDigestFields(fields))
                return null;
            var json = new JObject();
            foreach (KeyValuePair<string, object> field in fields.Items)
                json[field.Key] = values.ToWire(field.Value);
            return json;
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
            return hash.ToString("x16", CultureInfo.InvariantCulture);
        }
    }
}
