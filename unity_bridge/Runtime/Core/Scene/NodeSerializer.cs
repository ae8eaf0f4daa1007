using System.Collections.Generic;
using AgentBridgeUnity.Core.Snapshot;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// The protocol's node shape (docs/PROTOCOL.md, section 5) for get_tree and get_node;
    /// <c>class</c> appears only when it differs from <c>type</c>; <c>role</c> is the node's
    /// snapshot role and <c>label</c> its accessible name as the snapshot line quotes it (left out
    /// when empty), so a client finds nodes by role and name without knowing the engine's classes.
    /// </summary>
    internal sealed class NodeSerializer
    {
        readonly ValueMapper _values;

        public NodeSerializer(ValueMapper values)
        {
            _values = values;
        }

        /// <summary>Nodes serialized since this serializer was made.</summary>
        public int Count { get; private set; }

        /// <summary>The node fields get_tree's <c>fields</c> may ask for (as the Godot bridge).</summary>
        public static readonly string[] FieldNames =
        {
            "name", "type", "class", "path", "role", "label", "script", "groups", "props",
            "visible", "rect", "position", "global_position", "screen", "title", "layer", "text",
            "placeholder", "editable", "disabled", "toggle_mode", "button_pressed", "value", "min",
            "max", "step", "items", "selected", "playing", "current_animation", "actions",
        };

        /// <summary>
        /// The node and its subtree down to <paramref name="maxDepth"/> levels below it (-1: all);
        /// only <paramref name="fields"/> of each node (and its children) when given.
        /// </summary>
        public JObject Tree(TreeNode node, int maxDepth, ISet<string> fields = null)
        {
            JObject data = Node(node);
            if (fields != null)
            {
                foreach (JProperty property in new List<JProperty>(data.Properties()))
                {
                    if (!fields.Contains(property.Name))
                        property.Remove();
                }
            }
            var children = new JArray();
            IReadOnlyList<TreeNode> nodes = node.Children;
            if (nodes.Count > 0 && maxDepth == 0)
                data["truncated"] = true;
            else
            {
                foreach (TreeNode child in nodes)
                    children.Add(Tree(child, maxDepth < 0 ? -1 : maxDepth - 1, fields));
            }
            data["children"] = children;
            return data;
        }

        /// <summary>One node without children.</summary>
        public JObject Node(TreeNode node)
        {
            Count++;
            ISceneNode source = node.Source;
            var data = new JObject();
            data["name"] = node.Name;
            data["type"] = source.TypeName;
            if (source.ClassName != source.TypeName)
                data["class"] = source.ClassName;
            data["path"] = node.Path;
            if (source.Visible.HasValue)
                data["visible"] = node.Visible;
            AccessibleInfo info = source.Accessibility;
            if (info != null)
            {
                data["role"] = info.Role;
                string label = SnapshotLine.Name(info.Name);
                if (label.Length > 0)
                    data["label"] = label;
            }
            var fields = new NodeFields();
            source.Describe(fields);
            foreach (KeyValuePair<string, object> field in fields.Items)
                data[field.Key] = _values.ToWire(field.Value);
            IReadOnlyList<string> actions = source.Actions;
            if (actions.Count > 0)
                data["actions"] = new JArray(actions);
            return data;
        }
    }
}
