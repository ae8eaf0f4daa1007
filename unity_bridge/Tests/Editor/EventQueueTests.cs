using AgentBridgeUnity.Core.Events;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class EventQueueTests
    {
        [Test]
        public void SeqStartsAtOneAndKeepsRisingAcrossDrains()
        {
            var queue = new EventQueue(10);
            queue.Push("a", "/root/A", new JArray(1), 5);
            Assert.AreEqual(1, (int)queue.Drain().Events[0]["seq"]);
            queue.Push("b", null, null, 6);
            EventBatch batch = queue.Drain();
            JObject item = (JObject)batch.Events[0];
            Assert.AreEqual(2, (int)item["seq"]);
            Assert.AreEqual(6, (int)item["frame"]);
            Assert.AreEqual(JTokenType.Null, item["source"].Type);
            Assert.AreEqual(0, ((JArray)item["args"]).Count);
            Assert.AreEqual(0, queue.Drain().Events.Count);
        }

        [Test]
        public void OverflowDropsTheOldestAndCountsThem()
        {
            var queue = new EventQueue(3);
            for (int i = 0; i < 5; i++)
                queue.Push("e", "/root", null, i);
            EventBatch batch = queue.Drain();
            Assert.AreEqual(2, batch.Dropped);
            Assert.AreEqual(3, (int)batch.Events[0]["seq"]);
            Assert.AreEqual(0, queue.Drain().Dropped);
        }

        [Test]
        public void TheLastSeqOfATypeOutlivesTheDrain()
        {
            var queue = new EventQueue(3);
            Assert.AreEqual(0, queue.LastSeqOf("pressed"));
            queue.Push("pressed", "/root", null, 1);
            queue.Push("toggled", "/root", null, 1);
            queue.Drain();
            Assert.AreEqual(1, queue.LastSeqOf("pressed"));
            Assert.AreEqual(2, queue.LastSeqOf("toggled"));
        }

        [Test]
        public void OneSceneChangeIsReportedOnceHoweverManyHooksSeeIt()
        {
            var filter = new SceneChangeFilter();
            Assert.IsTrue(filter.IsNew("Assets/Scenes/Menu.unity", 10));
            Assert.IsFalse(filter.IsNew("Assets/Scenes/Menu.unity", 10), "activeSceneChanged and sceneLoaded of one load");
            Assert.IsTrue(filter.IsNew("Assets/Scenes/Extra.unity", 10), "an additive load in the same frame");
            Assert.IsTrue(filter.IsNew("Assets/Scenes/Menu.unity", 12), "loading the scene again later");
        }
    }
}
