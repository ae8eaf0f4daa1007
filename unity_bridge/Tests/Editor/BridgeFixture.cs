using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Tests.Synthetic;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>Base of the test classes that need a fresh bridge over a synthetic scene for every test.</summary>
    public abstract class BridgeFixture
    {
        readonly string _scene;

        /// <summary>A bridge over the conformance scene.</summary>
        protected BridgeFixture() : this(SyntheticScenes.Conformance)
        {
        }

        /// <summary>A bridge over the synthetic scene <paramref name="scene"/>.</summary>
        protected BridgeFixture(string scene)
        {
            _scene = scene;
        }

        /// <summary>The bridge under test, started before each test and disposed after it.</summary>
        internal BridgeHarness Bridge { get; private set; }

        /// <summary>Starts a bridge for the next test.</summary>
        [SetUp]
        public void StartBridge()
        {
            Bridge = new BridgeHarness(_scene);
        }

        /// <summary>Stops the test's bridge.</summary>
        [TearDown]
        public void StopBridge()
        {
            Bridge.Dispose();
        }

        /// <summary>Replaces the test's bridge with one over the same scene started with <paramref name="time"/>.</summary>
        internal void Restart(TimeSettings time)
        {
            Bridge.Dispose();
            Bridge = new BridgeHarness(_scene, time: time);
        }
    }
}
