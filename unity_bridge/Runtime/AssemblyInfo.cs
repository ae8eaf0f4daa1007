using System.Runtime.CompilerServices;

// The editor tools and both test assemblies reach the package's internal classes.
[assembly: InternalsVisibleTo("AgentBridge.Editor")]
[assembly: InternalsVisibleTo("AgentBridge.Tests.Editor")]
[assembly: InternalsVisibleTo("AgentBridge.Tests.Runtime")]
