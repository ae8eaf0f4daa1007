using AgentBridgeUnity.Adapters.Settle;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Runtime
{
    /// <summary>DOTween is optional: without it the reflection reports absent and finds no tween.</summary>
    [TestFixture]
    public class DOTweenReflectionTests
    {
        [Test]
        public void IsSafeWhetherOrNotDOTweenIsPresent()
        {
            var dotween = new DOTweenReflection();
            Assert.DoesNotThrow(() => dotween.Playing());
            if (!dotween.Present)
                Assert.AreEqual(0, dotween.Playing().Count);
        }
    }
}
