using AgentBridgeUnity.Core.Keys;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>Key names as the Godot bridge takes them, mapped to the Input System's keys.</summary>
    [TestFixture]
    public class KeyNamesTests
    {
        [TestCase("Enter", "Enter", "Enter")]
        [TestCase("return", "Enter", "Enter")]
        [TestCase("ESC", "Escape", "Escape")]
        [TestCase("Up", "Up", "UpArrow")]
        [TestCase("ArrowLeft", "Left", "LeftArrow")]
        [TestCase("a", "A", "A")]
        [TestCase("7", "7", "Digit7")]
        [TestCase("Kp 7", "Kp 7", "Numpad7")]
        [TestCase("f5", "F5", "F5")]
        [TestCase("Control", "Ctrl", "LeftCtrl")]
        [TestCase(" space ", "Space", "Space")]
        public void ResolvesNamesAndAliases(string given, string canonical, string inputSystem)
        {
            KeyName key = KeyNames.Resolve(given);
            Assert.AreEqual(canonical, key.Canonical);
            Assert.AreEqual(inputSystem, key.InputSystem);
        }

        [Test]
        public void NavigationKeysSayWhatTheyDoInAMenu()
        {
            Assert.AreEqual(KeyNames.Submit, KeyNames.Resolve("Enter").Navigation);
            Assert.AreEqual(KeyNames.Cancel, KeyNames.Resolve("Escape").Navigation);
            Assert.AreEqual(KeyNames.MoveDown, KeyNames.Resolve("Down").Navigation);
            Assert.IsNull(KeyNames.Resolve("A").Navigation);
        }

        [Test]
        public void UnknownNamesAreRefused()
        {
            foreach (string name in new[] { "", null, "Hyper", "F13", "AA" })
                Assert.Throws<InvalidArgsException>(() => KeyNames.Resolve(name), name ?? "null");
            Assert.AreEqual("Shift", KeyNames.Modifier("shift").Canonical);
            Assert.Throws<InvalidArgsException>(() => KeyNames.Modifier("super"));
        }

        [Test]
        public void ActionNamesNeedTheMapOnlyWhenAmbiguous()
        {
            string[] actions = { "Player/Jump", "Player/Move", "UI/Move" };
            Assert.AreEqual(0, InputActionNames.Find("Jump", actions));
            Assert.AreEqual(0, InputActionNames.Find("jump", actions));
            Assert.AreEqual(2, InputActionNames.Find("UI/Move", actions));
            StringAssert.Contains("Player/Move, UI/Move", Assert.Throws<InvalidArgsException>(() => InputActionNames.Find("Move", actions)).Message);
            Assert.Throws<NotFoundException>(() => InputActionNames.Find("Fly", actions));
            StringAssert.Contains("no enabled input actions", Assert.Throws<NotFoundException>(() => InputActionNames.Find("Fly", new string[0])).Message);
        }
    }
}
