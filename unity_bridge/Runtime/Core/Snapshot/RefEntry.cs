namespace AgentBridgeUnity.Core.Snapshot
{
    /// <summary>What a ref names: its node's engine object, and where and what it was last seen.</summary>
    internal sealed class RefEntry
    {
        public RefEntry(string reference, string path, object target, ISceneNode source, string role, string name)
        {
            Ref = reference;
            Path = path;
            Target = target;
            Source = source;
            Role = role;
            Name = name;
        }

        public string Ref { get; private set; }

        /// <summary>The node's path when a snapshot last showed it.</summary>
        public string Path { get; private set; }

        /// <summary>The engine object the ref follows.</summary>
        public object Target { get; private set; }

        /// <summary>The node as last seen (asked whether its object still exists).</summary>
        public ISceneNode Source { get; private set; }

        public string Role { get; private set; }
        public string Name { get; private set; }
    }
}
