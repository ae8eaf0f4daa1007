using AgentBridgeUnity.Core.Snapshot;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class SnapshotNamesTests
    {
        [TestCase("PlayButton", "Play Button")]
        [TestCase("Crystal_0", "Crystal 0")]
        [TestCase("volume", "volume")]
        [TestCase("", "")]
        public void NodeNamesAreMadeReadable(string name, string expected)
        {
            Assert.AreEqual(expected, ReadableName.Of(name));
        }

        [Test]
        public void NamesStayOnOneLineAndAreClipped()
        {
            Assert.AreEqual("two lines", SnapshotLine.Name(" two\nlines "));
            string clipped = SnapshotLine.Name(new string('x', 100));
            Assert.AreEqual(SnapshotLine.MaxName, clipped.Length);
            StringAssert.EndsWith("\u2026", clipped);
        }

        [TestCase("MainTitle", true)]
        [TestCase("header_text", true)]
        [TestCase("Score", false)]
        public void LabelsNamedLikeHeadingsAreHeadings(string name, bool heading)
        {
            Assert.AreEqual(heading, HeadingNames.Matches(name));
        }
    }
}
