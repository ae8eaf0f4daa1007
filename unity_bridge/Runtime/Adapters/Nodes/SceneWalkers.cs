using System.Collections.Generic;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary>
    /// The built-in walker for scenes and GameObjects: <c>/root</c> has every loaded scene (and
    /// DontDestroyOnLoad, when it holds anything besides the bridge) as children, then the
    /// bridge's own object as <c>/root/AgentBridge</c> (readable, as in the Godot bridge; left out
    /// of snapshots and off-limits to set_property and call_method); a scene has its root
    /// GameObjects; a GameObject has its child transforms' GameObjects. Objects hidden from the
    /// hierarchy (HideFlags.HideInHierarchy) are left out.
    /// </summary>
    internal sealed class SceneWalkers : ISceneWalker
    {
        readonly GameObject _bridgeObject;

        public SceneWalkers(GameObject bridgeObject)
        {
            _bridgeObject = bridgeObject;
        }

        public IEnumerable<ISceneNode> ChildrenOf(ISceneNode parent)
        {
            if (parent is ApplicationNode)
                return Scenes();
            var scene = parent as SceneNode;
            if (scene != null)
                return Shown(scene.Scene.GetRootGameObjects());
            var node = parent as GameObjectNode;
            if (node != null)
                return Children(node.GameObject.transform);
            return new ISceneNode[0];
        }

        List<ISceneNode> Scenes()
        {
            var scenes = new List<ISceneNode>();
            for (int i = 0; i < SceneManager.sceneCount; i++)
            {
                UnityEngine.SceneManagement.Scene scene = SceneManager.GetSceneAt(i);
                if (scene.isLoaded)
                    scenes.Add(new SceneNode(scene));
            }
            if (_bridgeObject != null && Shown(_bridgeObject.scene.GetRootGameObjects()).Count > 0)
                scenes.Add(new SceneNode(_bridgeObject.scene));
            if (_bridgeObject != null)
                scenes.Add(new GameObjectNode(_bridgeObject));
            return scenes;
        }

        List<ISceneNode> Shown(GameObject[] gameObjects)
        {
            var nodes = new List<ISceneNode>(gameObjects.Length);
            foreach (GameObject gameObject in gameObjects)
            {
                if (IsShown(gameObject))
                    nodes.Add(new GameObjectNode(gameObject));
            }
            return nodes;
        }

        List<ISceneNode> Children(Transform parent)
        {
            var nodes = new List<ISceneNode>(parent.childCount);
            for (int i = 0; i < parent.childCount; i++)
            {
                GameObject child = parent.GetChild(i).gameObject;
                if (IsShown(child))
                    nodes.Add(new GameObjectNode(child));
            }
            return nodes;
        }

        bool IsShown(GameObject gameObject)
        {
            return gameObject != _bridgeObject && (gameObject.hideFlags & HideFlags.HideInHierarchy) == 0;
        }
    }
}
