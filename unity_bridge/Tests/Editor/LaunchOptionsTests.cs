using AgentBridgeUnity.Core.Session;
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
        public void TimeIsLockstepAt60FpsWithSeed0ByDefault()
        {
            TimeSettings time = LaunchOptions.Parse(new[] { "--agent-mode" }).Time;
            Assert.AreEqual(TimeSettings.Lockstep, time.Mode);
            Assert.IsTrue(time.IsLockstep);
            Assert.AreEqual(60, time.Fps);
            Assert.AreEqual(0, time.Seed);
        }

        [Test]
        public void ReadsTheTimeArgumentsInEitherForm()
        {
            LaunchOptions options = LaunchOptions.Parse(new[]
            {
                "--agent-mode", "--agent-time=realtime", "--agent-fps", "30", "--agent-seed=-12", "--agent-parent-pid", "9",
            });
            Assert.AreEqual(TimeSettings.Realtime, options.Time.Mode);
            Assert.AreEqual(30, options.Time.Fps);
            Assert.AreEqual(-12, options.Time.Seed);
            Assert.AreEqual(9, options.ParentPid);
            CollectionAssert.IsEmpty(options.Problems);
        }

        [Test]
        public void UnreadableTimeArgumentsFallBackToTheDefaultsAndSaySo()
        {
            LaunchOptions options = LaunchOptions.Parse(new[]
            {
                "--agent-mode", "--agent-time=turbo", "--agent-fps=0", "--agent-seed=1e3", "--agent-parent-pid=x",
            });
            Assert.AreEqual(TimeSettings.Lockstep, options.Time.Mode);
            Assert.AreEqual(60, options.Time.Fps);
            Assert.AreEqual(0, options.Time.Seed);
            Assert.AreEqual(0, options.ParentPid);
            Assert.AreEqual(4, options.Problems.Count);
            StringAssert.Contains("--agent-time=turbo", options.Problems[0]);
            StringAssert.Contains("using 60", options.Problems[1]);
            Assert.AreEqual(1000, LaunchOptions.Parse(new[] { "--agent-fps=1000" }).Time.Fps);
            Assert.AreEqual(60, LaunchOptions.Parse(new[] { "--agent-fps=1001" }).Time.Fps);
        }

        [Test]
        public void GameMillisecondsBecomeWholeFrames()
        {
            var time = new TimeSettings();
            Assert.AreEqual(300, time.FramesIn(5000));
            Assert.AreEqual(6, time.FramesIn(100));
            Assert.AreEqual(1, time.FramesIn(1));
            Assert.AreEqual(0, time.FramesIn(0));
            Assert.AreEqual(36000, new TimeSettings(TimeSettings.Realtime, 60).FramesIn(600000));
            Assert.Throws<System.ArgumentException>(() => new TimeSettings("fast"));
            Assert.Throws<System.ArgumentException>(() => new TimeSettings(TimeSettings.Lockstep, 0));
        }

        [Test]
        public void FallsBackToATemporaryDirectory()
        {
            StringAssert.Contains("agent-bridge-session-7", LaunchOptions.Parse(new[] { "--agent-mode" }).SessionDirectoryOrDefault(7));
        }
    }
}
