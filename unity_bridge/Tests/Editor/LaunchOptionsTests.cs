using AgentBridgeUnity.Core.Transport;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class LaunchOptionsTests
    {
        [Test]
        public void OffWithoutTheFlag()
        {
            LaunchOptions options = LaunchOptions.Parse(new[] { "Game.x86_64", "-batchmode", "--agent-dir=sessions/a" });
            Assert.IsFalse(options.AgentMode);
        }

        [Test]
        public void ReadsModeDirectoryAndParent()
        {
            LaunchOptions options = LaunchOptions.Parse(new[]
            {
                "Game.x86_64", "-batchmode", "-nographics", "--agent-mode", "--agent-dir=sessions/run 1", "--agent-parent-pid=42",
            });
            Assert.IsTrue(options.AgentMode);
            Assert.AreEqual("sessions/run 1", options.AgentDir);
            Assert.AreEqual(42, options.ParentPid);
        }

        [Test]
        public void AcceptsTheDirectoryAsTheNextArgument()
        {
            Assert.AreEqual("sessions/b", LaunchOptions.Parse(new[] { "--agent-mode", "--agent-dir", "sessions/b" }).AgentDir);
        }

        [Test]
        public void FallsBackToATemporaryDirectory()
        {
            StringAssert.Contains("agent-bridge-session-7", LaunchOptions.Parse(new[] { "--agent-mode" }).SessionDirectoryOrDefault(7));
        }
    }
}
