using UnityEngine;

namespace AgentBridgeUnity.Adapters.Nodes
{
    /// <summary><c>/root</c>: the application, whose children are the loaded scenes.</summary>
    internal sealed class ApplicationNode : SceneNodeBase
    {
        /// <summary>The one object that stands for the application (refs and identity compare it).</summary>
        internal static readonly object Identity = new object();

        public override string Name
        {
            get { return "root"; }
        }

        public override string TypeName
        {
            get { return "Root"; }
        }

        public override object Target
        {
            get { return Identity; }
        }

        public override AccessibleInfo Accessibility
        {
            get { return new AccessibleInfo { Role = AriaRole.Application, Name = Application.productName }; }
        }
    }
}
