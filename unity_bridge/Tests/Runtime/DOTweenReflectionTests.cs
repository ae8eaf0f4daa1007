using AgentBridgeUnity.Adapters.Settle;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Runtime
{
    /// <summary>DOTween is optional: without it the reflection reports absent and does nothing.</summary>
    [TestFixture]
    public class DOTweenReflectionTests
    {
        [Test]
        public void IsSafeWhetherOrNotDOTweenIsPresent()
        {
            var dotween = new DOTweenReflection();
            Assert.DoesNotThrow(dotween.CompleteAll);
            if (!dotween.Present)
                Assert.AreEqual(0, dotween.PlayingTweens());
        }
    }
}
