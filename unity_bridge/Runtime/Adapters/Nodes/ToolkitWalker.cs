using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Toolkit;
using UnityEngine.UIElements;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary>
    /// The built-in walker for UI Toolkit: a GameObject with an enabled UIDocument has the
    /// document's root elements as children; an element has its children, except inside
    /// controls (a toggle's checkmark, a field's input), which stay whole.
    /// </summary>
    internal sealed class ToolkitWalker : ISceneWalker
    {
        public IEnumerable<ISceneNode> ChildrenOf(ISceneNode parent)
        {
            var gameObjectNode = parent as GameObjectNode;
            if (gameObjectNode != null)
            {
                var document = gameObjectNode.GameObject.GetComponent<UIDocument>();
                if (document != null && document.enabled && document.rootVisualElement != null)
                    return Children(document.rootVisualElement);
                return new ISceneNode[0];
            }
            var elementNode = parent as VisualElementNode;
            if (elementNode != null && !VisualControls.IsLeaf(elementNode.Element))
                return Children(elementNode.Element);
            return new ISceneNode[0];
        }

        static List<ISceneNode> Children(VisualElement element)
        {
            var nodes = new List<ISceneNode>(element.childCount);
            foreach (VisualElement child in element.Children())
                nodes.Add(new VisualElementNode(child));
            return nodes;
        }
    }
}
