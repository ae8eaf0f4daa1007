namespace AgentBridgeUnity
{
    /// <summary>
    /// An object whose public fields, properties and methods belong to a node: a GameObject, one
    /// of its components, a VisualElement. A property is addressed as <c>Qualifier.member</c>
    /// (<c>Slider.value</c>), or by its bare name when the first host that has it is meant.
    /// </summary>
    public sealed class MemberHost
    {
        /// <summary>Creates a host.</summary>
        public MemberHost(string qualifier, object target, bool listUnqualified)
        {
            Qualifier = qualifier;
            Target = target;
            ListUnqualified = listUnqualified;
        }

        /// <summary>The prefix that addresses this host, usually its type name.</summary>
        public string Qualifier { get; private set; }

        /// <summary>The object whose members are read, written and called.</summary>
        public object Target { get; private set; }

        /// <summary>True when get_node lists this host's members without the qualifier.</summary>
        public bool ListUnqualified { get; private set; }
    }
}
