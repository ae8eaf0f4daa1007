using AgentBridgeUnity.Core.Dispatch;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class NameSuggestionsTests
    {
        static readonly string[] Known = { "get_tree", "get_node", "get_property", "press", "snapshot" };

        [Test]
        public void SuggestsNamesWithinAFewEdits()
        {
            CollectionAssert.Contains(NameSuggestions.Closest("get_tre", Known), "get_tree");
            CollectionAssert.Contains(NameSuggestions.Closest("pres", Known), "press");
        }

        [Test]
        public void SuggestsNothingForUnrelatedNames()
        {
            CollectionAssert.IsEmpty(NameSuggestions.Closest("xyzzy", Known));
        }
    }
}
