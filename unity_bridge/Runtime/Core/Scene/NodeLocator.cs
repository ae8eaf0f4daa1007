using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Snapshot;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// Finds the node a request names: by absolute <c>path</c> as get_tree reports it, or by a
    /// snapshot <c>ref</c>. Failures are sentences with a hint, never a silent fallback.
    /// </summary>
    internal sealed class NodeLocator
    {
        readonly SceneTree _tree;
        readonly RefRegistry _refs;

        public NodeLocator(SceneTree tree, RefRegistry refs)
        {
            _tree = tree;
            _refs = refs;
        }

        /// <summary>The node named by exactly one of the args <c>path</c> and <c>ref</c>.</summary>
        public TreeNode Find(JObject args)
        {
            bool hasPath = args["path"] != null;
            bool hasRef = args["ref"] != null;
            if (hasPath == hasRef)
                throw new InvalidArgsException("Name the node with exactly one of 'path' or 'ref'.");
            return hasRef ? FindRef((string)args["ref"]) : FindPath((string)args["path"]);
        }

        /// <summary>A path (starting with /) or a ref (e3, @e3).</summary>
        public TreeNode FindPathOrRef(string text)
        {
            return text.StartsWith("/", StringComparison.Ordinal) ? FindPath(text) : FindRef(text);
        }

        public TreeNode FindPath(string path)
        {
            if (PathNames.Split(path) == null)
                throw new InvalidArgsException(String.Format(
                    "'{0}' is not an absolute node path: paths start with /root, as get_tree shows.", path));
            TreeNode node = _tree.Find(path);
            if (node == null)
                throw new NotFoundException(String.Format("No node at {0}{1}.", path, NearestHint(path)));
            return node;
        }

        /// <summary>
        /// The node a ref names, wherever it is now (a ref follows its node, never a path another
        /// node took over); STALE_REF when its node was destroyed or left the tree.
        /// </summary>
        public TreeNode FindRef(string reference)
        {
            RefEntry entry = _refs.Resolve(reference);
            if (!entry.Source.Exists)
            {
                _refs.Forget(entry.Ref);
                throw RefRegistry.Gone(entry.Ref, entry.Path);
            }
            TreeNode node = _tree.Find(entry.Path);
            if (node == null || !Equals(node.Source.Target, entry.Target))
                node = _tree.FindTarget(entry.Target);
            if (node == null)
                throw new StaleRefException(String.Format(
                    "Ref {0} named {1}, which is no longer in the scene tree: take a new snapshot.", entry.Ref, entry.Path));
            return node;
        }

        /// <summary>
        /// Names the deepest existing ancestor and its children, so a typo is easy to spot.
        /// </summary>
        string NearestHint(string path)
        {
            List<string> segments = PathNames.Split(path);
            TreeNode node = _tree.Root;
            foreach (string segment in segments)
            {
                TreeNode child = node.Child(segment);
                if (child == null)
                    break;
                node = child;
            }
            var names = new List<string>();
            foreach (TreeNode child in node.Children)
            {
                if (names.Count == 12)
                {
                    names.Add("...");
                    break;
                }
                names.Add(child.Name);
            }
            return String.Format(" ({0} has children: {1})", node.Path,
                names.Count == 0 ? "none" : String.Join(", ", names.ToArray()));
        }
    }
}
