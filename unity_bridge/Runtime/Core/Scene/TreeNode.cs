using System.Collections.Generic;

namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// A node placed in the tree: its source node, its unique name and absolute path, and its
    /// children, gathered from the walkers the first time they are needed.
    /// </summary>
    internal sealed class TreeNode
    {
        readonly SceneTree _tree;
        List<TreeNode> _children;
        bool? _visible;

        public TreeNode(SceneTree tree, ISceneNode source, TreeNode parent, string name)
        {
            _tree = tree;
            Source = source;
            Parent = parent;
            Name = name;
            Path = parent == null ? PathNames.RootPath : parent.Path + "/" + PathNames.Escape(name);
            Depth = parent == null ? 0 : parent.Depth + 1;
        }

        public ISceneNode Source { get; private set; }
        public TreeNode Parent { get; private set; }

        /// <summary>The unique name among siblings, as get_tree reports it.</summary>
        public string Name { get; private set; }

        public string Path { get; private set; }
        public int Depth { get; private set; }

        /// <summary>Visible in the tree: the node's own visibility and every ancestor's.</summary>
        public bool Visible
        {
            get
            {
                if (!_visible.HasValue)
                    _visible = (Parent == null || Parent.Visible) && (Source.Visible ?? true);
                return _visible.Value;
            }
        }

        public IReadOnlyList<TreeNode> Children
        {
            get { return _children ?? (_children = _tree.Expand(this)); }
        }

        public TreeNode Child(string name)
        {
            foreach (TreeNode child in Children)
            {
                if (child.Name == name)
                    return child;
            }
            return null;
        }

        /// <summary>A short description for sentences: <c>/root/Menu/Play (Button)</c>.</summary>
        public string Describe()
        {
            return Path + " (" + Source.TypeName + ")";
        }
    }
}
