using System.Collections.Generic;
using UnityEngine.SceneManagement;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary>
    /// <c>/root/&lt;SceneName&gt;</c>: a loaded scene, whose children are its root GameObjects.
    /// </summary>
    internal sealed class SceneNode : SceneNodeBase
    {
        public SceneNode(UnityEngine.SceneManagement.Scene scene)
        {
            Scene = scene;
        }

        public UnityEngine.SceneManagement.Scene Scene { get; private set; }

        public override string Name
        {
            get { return Scene.name; }
        }

        public override string TypeName
        {
            get { return "Scene"; }
        }

        public override object Target
        {
            get { return Scene; }
        }

        public override bool Exists
        {
            get { return Scene.IsValid() && Scene.isLoaded; }
        }

        public override AccessibleInfo Accessibility
        {
            get { return new AccessibleInfo { Role = AriaRole.Region, Name = Scene.name }; }
        }

        public override void Describe(NodeFields fields)
        {
            fields.Set("scene", Scene.path);
            fields.Set("active", Scene == SceneManager.GetActiveScene());
        }

        public override IReadOnlyList<MemberHost> MemberHosts
        {
            get { return new[] { new MemberHost("Scene", Scene, true) }; }
        }
    }
}
