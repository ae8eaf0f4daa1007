using System.Collections.Generic;
using AgentBridgeUnity.Core.Scene;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class TreeChangesTests
    {
        [Test]
        public void ListsTopMostAddedAndRemovedNodes()
        {
            var before = new HashSet<string> { "/root", "/root/A", "/root/A/Old", "/root/A/Old/Child", "/root/B" };
            var after = new HashSet<string> { "/root", "/root/A", "/root/B", "/root/B/New", "/root/B/New/Inner", "/root/C" };
            JObject changes = TreeChanges.Between(before, after);
            CollectionAssert.AreEqual(new[] { "/root/B/New", "/root/C" }, changes["added"].ToObject<string[]>());
            Assert.AreEqual(2, (int)changes["added_count"]);
            CollectionAssert.AreEqual(new[] { "/root/A/Old" }, changes["removed"].ToObject<string[]>());
            Assert.AreEqual(1, (int)changes["removed_count"]);
        }
    }
}
