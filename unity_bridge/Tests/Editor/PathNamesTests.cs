using AgentBridgeUnity.Core.Scene;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class PathNamesTests
    {
        [Test]
        public void DuplicateSiblingsAreNumberedFromTheSecond()
        {
            CollectionAssert.AreEqual(new[] { "Item", "Other", "Item[2]", "Item[3]" },
                PathNames.Unique(new[] { "Item", "Other", "Item", "Item" }));
        }

        [Test]
        public void NumberingSkipsNamesThatAlreadyExist()
        {
            CollectionAssert.AreEqual(new[] { "A", "A[2]", "A[3]" }, PathNames.Unique(new[] { "A", "A[2]", "A" }));
        }

        [Test]
        public void SlashesAndPercentSignsAreEscapedInPaths()
        {
            Assert.AreEqual("A%2FB%25", PathNames.Escape("A/B%"));
            Assert.AreEqual("A/B%", PathNames.Unescape("A%2FB%25"));
            CollectionAssert.AreEqual(new[] { "Lab", "A/B" }, PathNames.Split("/root/Lab/A%2FB"));
        }

        [TestCase("root/Lab")]
        [TestCase("/rooted")]
        [TestCase("Lab")]
        public void OnlyAbsolutePathsSplit(string path)
        {
            Assert.IsNull(PathNames.Split(path));
        }
    }
}
