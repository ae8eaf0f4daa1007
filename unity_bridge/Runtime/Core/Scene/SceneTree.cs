using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Members;
using AgentBridgeUnity.Core.Values;

namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// The tree as the walkers report it right now, built lazily from <c>/root</c>. One is made
    /// per command, so every command sees the live scene.
    /// </summary>
    internal sealed class SceneTree : INodeResolver
    {
        const int MaxDepth = 512;
        readonly IReadOnlyList<ISceneWalker> _walkers;

        public SceneTree(ISceneNode root, IReadOnlyList<ISceneWalker> walkers)
        {
            _walkers = walkers;
            Root = new TreeNode(this, root, null, PathNames.RootName);
        }

        public TreeNode Root { get; private set; }

        internal List<TreeNode> Expand(TreeNode parent)
        {
            var sources = new List<ISceneNode>();
            if (parent.Depth < MaxDepth)
            {
                foreach (ISceneWalker walker in _walkers)
                {
                    try
                    {
                        foreach (ISceneNode child in walker.ChildrenOf(parent.Source))
                        {
                            if (child != null)
                                sources.Add(child);
                        }
                    }
                    catch (Exception error)
                    {
                        throw Failures.From(error, "The walker " + walker.GetType().Name + " (children of " + parent.Path + ")");
                    }
                }
            }
            var rawNames = new List<string>(sources.Count);
            foreach (ISceneNode source in sources)
                rawNames.Add(String.IsNullOrEmpty(source.Name) ? source.TypeName : source.Name);
            List<string> names = PathNames.Unique(rawNames);
            var children = new List<TreeNode>(sources.Count);
            for (int i = 0; i < sources.Count; i++)
                children.Add(new TreeNode(this, sources[i], parent, names[i]));
            return children;
        }

        /// <summary>
        /// The node at an absolute path, or null. Null too for a path that is not absolute.
        /// </summary>
        public TreeNode Find(string path)
        {
            List<string> segments = PathNames.Split(path);
            if (segments == null)
                return null;
            TreeNode node = Root;
            foreach (string segment in segments)
            {
                node = node.Child(segment);
                if (node == null)
                    return null;
            }
            return node;
        }

        /// <summary>
        /// Every node below (and including) <paramref name="start"/>, depth first, in order.
        /// </summary>
        public IEnumerable<TreeNode> Walk(TreeNode start)
        {
            var stack = new Stack<TreeNode>();
            stack.Push(start);
            while (stack.Count > 0)
            {
                TreeNode node = stack.Pop();
                yield return node;
                IReadOnlyList<TreeNode> children = node.Children;
                for (int i = children.Count - 1; i >= 0; i--)
                    stack.Push(children[i]);
            }
        }

        /// <summary>The first node whose engine object is <paramref name="target"/>, or null.</summary>
        public TreeNode FindTarget(object target)
        {
            if (target == null)
                return null;
            foreach (TreeNode node in Walk(Root))
            {
                if (Equals(node.Source.Target, target))
                    return node;
            }
            return null;
        }

        public string PathOf(object target)
        {
            TreeNode node = FindTarget(target);
            return node == null ? null : node.Path;
        }

        public object TargetAt(string path)
        {
            TreeNode node = Find(path);
            return node == null ? null : node.Source.Target;
        }
    }
}
