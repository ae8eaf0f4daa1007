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
        public void ReadsTheBatchEditorsScene()
        {
            string[] editor =
            {
                "Unity", "-batchmode", "-projectPath", "P", "-executeMethod", "AgentBridgeUnity.Editor.BatchEntry.Run",
                "-agentScene", "Assets/Scenes/Menu.unity", "--agent-mode",
            };
            Assert.AreEqual("Assets/Scenes/Menu.unity", LaunchOptions.Parse(editor).Scene);
            Assert.AreEqual("Menu", LaunchOptions.Parse(new[] { "-agentScene=Menu" }).Scene);
            Assert.IsNull(LaunchOptions.Parse(new[] { "-agentScene", " " }).Scene);
            Assert.IsNull(LaunchOptions.Parse(new[] { "--agent-mode", "-agentScene" }).Scene, "no value after the flag");
        }

        [Test]
        public void FallsBackToATemporaryDirectory()
        {
            StringAssert.Contains("agent-bridge-session-7", LaunchOptions.Parse(new[] { "--agent-mode" }).SessionDirectoryOrDefault(7));
        }
    }
}
