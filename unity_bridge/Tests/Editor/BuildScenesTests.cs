using AgentBridgeUnity.Core.Scene;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>change_scene and -agentScene find a scene by any name the Build Settings give it.</summary>
    [TestFixture]
    public class BuildScenesTests
    {
        static readonly string[] Build =
        {
            "Assets/Scenes/Menu.unity", "Assets/Levels/Level1.unity", "Assets/Levels/Boss/Menu.unity",
            "Assets/Levels/Level2.unity",
        };

        [TestCase("Assets/Levels/Level1.unity", 1)]
        [TestCase("Assets/Levels/Level1", 1)]
        [TestCase("Levels/Level1", 1)]
        [TestCase("Level1", 1)]
        [TestCase("level2", 3)]
        [TestCase("assets/scenes/menu.UNITY", 0)]
        [TestCase("Levels/Boss/Menu", 2)]
        [TestCase("  Level2 ", 3)]
        [TestCase("Assets\\Levels\\Level1.unity", 1)]
        public void FindsTheSceneByAnyOfItsNames(string request, int index)
        {
            Assert.AreEqual(index, BuildScenes.Find(request, Build));
        }

        [Test]
        public void ANameThatFitsTwoScenesAsksForThePath()
        {
            var error = Assert.Throws<InvalidArgsException>(() => BuildScenes.Find("Menu", Build));
            StringAssert.Contains("Assets/Scenes/Menu.unity, Assets/Levels/Boss/Menu.unity", error.Message);
        }

        [Test]
        public void AnUnknownSceneListsTheBuild()
        {
            var error = Assert.Throws<NotFoundException>(() => BuildScenes.Find("Level3", Build));
            StringAssert.Contains("scenes: Menu, Level1, Menu, Level2", error.Message);
            Assert.Throws<NotFoundException>(() => BuildScenes.Find("", Build));
            StringAssert.Contains("no scenes", Assert.Throws<NotFoundException>(() => BuildScenes.Find("Menu", new string[0])).Message);
        }
    }
}
