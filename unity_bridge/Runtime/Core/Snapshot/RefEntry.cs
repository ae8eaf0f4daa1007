namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>What a ref pointed to when its snapshot was taken.</summary>
    internal sealed class RefEntry
    {
        public RefEntry(string reference, string path, object target, string role, string name)
        {
            Ref = reference;
            Path = path;
            Target = target;
            Role = role;
            Name = name;
        }

        public string Ref { get; private set; }
        public string Path { get; private set; }
        public object Target { get; private set; }
        public string Role { get; private set; }
        public string Name { get; private set; }
    }
}
