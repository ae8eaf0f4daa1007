using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>Base of the test classes that need a fresh bridge over the synthetic scene for every test.</summary>
    public abstract class BridgeFixture
    {
        /// <summary>The bridge under test, started before each test and disposed after it.</summary>
        internal BridgeHarness Bridge { get; private set; }

        /// <summary>Starts a bridge for the next test.</summary>
        [SetUp]
        public void StartBridge()
        {
            Bridge = new BridgeHarness();
        }

        /// <summary>Stops the test's bridge.</summary>
        [TearDown]
        public void StopBridge()
        {
            Bridge.Dispose();
        }
    }
}
