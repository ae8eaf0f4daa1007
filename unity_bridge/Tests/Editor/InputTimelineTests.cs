using System.Collections.Generic;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// hold and input_sequence on the synthetic engine, whose input records the engine frame each
    /// press and release was sent on (a press sent at the start of frame k is seen by frame k).
    /// </summary>
    [TestFixture]
    public class InputTimelineTests : BridgeFixture
    {
        SyntheticInput Input
        {
            get { return Bridge.Engine.PlayerInput; }
        }

        [Test]
        public void HoldPressesForExactlyNFramesThenReleases()
        {
            JObject response = Bridge.Send("hold", new { action = "jump", frames = 3, strength = 0.5 });
            Assert.IsTrue(JToken.DeepEquals(JObject.Parse("{\"held\": \"Player/Jump\", \"frames\": 3}"), response["data"]),
                response.ToString());
            Assert.AreEqual(3, (long)response["frame"]);
            CollectionAssert.AreEqual(new[] { "0 press Player/Jump 0.5", "3 release Player/Jump 0.5" }, Input.Timeline);
            Assert.AreEqual(3, Bridge.EngineFrames);
            Bridge.Frames(10);
            Assert.AreEqual(3, Bridge.EngineFrames, "held again once released");
        }

        [Test]
        public void HoldTakesAKeyOrAMouseButton()
        {
            Assert.AreEqual("A", (string)Bridge.Data("hold", new { key = "a", frames = 1 })["held"]);
            Assert.AreEqual("left", (string)Bridge.Data("hold", new { button = "left", frames = 2 })["held"]);
            CollectionAssert.AreEqual(new[] { "0 press A", "1 release A", "1 press mouse left", "3 release mouse left" },
                Input.Timeline);
        }

        [Test]
        public void AnInputSequenceRunsFrameExactly()
        {
            var entries = JArray.Parse(@"[
                {""action"": ""Player/Jump"", ""start"": 0, ""frames"": 2},
                {""key"": ""Right"", ""start"": 1, ""frames"": 3},
                {""button"": ""right"", ""start"": 5, ""frames"": 1},
                {""action"": ""Fire"", ""start"": 2, ""frames"": 1, ""strength"": 0.25}
            ]");
            JObject response = Bridge.Send("input_sequence", new JObject { ["entries"] = entries });
            Assert.AreEqual(6, (int)response["data"]["frames"]);
            Assert.AreEqual(4, (int)response["data"]["entries"]);
            Assert.AreEqual(6, (long)response["frame"]);
            CollectionAssert.AreEqual(new[]
            {
                "0 press Player/Jump 1", "1 press Right", "2 release Player/Jump 1", "2 press Player/Fire 0.25",
                "3 release Player/Fire 0.25", "4 release Right", "5 press mouse right", "6 release mouse right",
            }, Input.Timeline);
        }

        [Test]
        public void ABadTimelineIsRefusedBeforeAnythingIsPressed()
        {
            var bad = new List<string>
            {
                @"[]",
                @"[{""action"": ""Jump"", ""key"": ""A""}]",
                @"[{""frames"": 2}]",
                @"[{""key"": ""A"", ""frames"": 0}]",
                @"[{""key"": ""A""}]",
                @"[{""key"": ""A"", ""start"": -1, ""frames"": 1}]",
                @"[{""key"": ""A"", ""strength"": 2, ""frames"": 1}]",
                @"[{""key"": ""A"", ""colour"": ""red"", ""frames"": 1}]",
                @"[{""key"": ""NoSuchKey"", ""frames"": 1}]",
                @"[{""button"": ""back"", ""frames"": 1}]",
                @"[3]",
            };
            foreach (string entries in bad)
                Bridge.Failure(ErrorCodes.InvalidArgs, "input_sequence", new JObject { ["entries"] = JArray.Parse(entries) });
            StringAssert.Contains("There is no enabled input action 'Dance'", Bridge.Failure(ErrorCodes.NotFound, "input_sequence",
                new JObject { ["entries"] = JArray.Parse(@"[{""key"": ""A"", ""frames"": 1}, {""action"": ""Dance"", ""start"": 4, ""frames"": 1}]") }));
            Bridge.Failure(ErrorCodes.InvalidArgs, "hold", new { key = "A", button = "left" });
            Bridge.Failure(ErrorCodes.InvalidArgs, "hold", new { key = "A", start = 2, frames = 1 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "hold", new { key = "A" });
            Bridge.Failure(ErrorCodes.NotFound, "hold", new { action = "Dance", frames = 1 });
            CollectionAssert.IsEmpty(Input.Timeline, "nothing was pressed");
            Assert.AreEqual(0, Bridge.EngineFrames, "no frame ran");
        }

        [Test]
        public void ATimelineHoldsOneToTenThousandEntries()
        {
            var entries = new JArray();
            for (int i = 0; i < 10000; i++)
                entries.Add(new JObject { ["key"] = "A", ["frames"] = 1 });
            JToken data = Bridge.Data("input_sequence", new JObject { ["entries"] = entries });
            Assert.AreEqual(10000, (int)data["entries"]);
            Assert.AreEqual(1, (int)data["frames"]);
            Input.Timeline.Clear();
            entries.Add(new JObject { ["key"] = "A", ["frames"] = 1 });
            StringAssert.Contains("entries holds 1 to 10000 inputs",
                Bridge.Failure(ErrorCodes.InvalidArgs, "input_sequence", new JObject { ["entries"] = entries }));
            StringAssert.Contains("entries holds 1 to 10000 inputs",
                Bridge.Failure(ErrorCodes.InvalidArgs, "input_sequence", new JObject { ["entries"] = new JArray() }));
            CollectionAssert.IsEmpty(Input.Timeline, "nothing was pressed");
        }

        [Test]
        public void EntriesOfOneInputMayOverlapAsInGodot()
        {
            Bridge.Data("input_sequence", new JObject
            {
                ["entries"] = JArray.Parse(@"[{""key"": ""A"", ""frames"": 3}, {""key"": ""a"", ""start"": 2, ""frames"": 2}]"),
            });
            CollectionAssert.AreEqual(new[] { "0 press A", "2 press A", "3 release A", "4 release A" }, Input.Timeline);
        }

        [Test]
        public void AdjacentEntriesOfOneInputAreNotAnOverlap()
        {
            Bridge.Data("input_sequence", new JObject
            {
                ["entries"] = JArray.Parse(@"[{""key"": ""A"", ""frames"": 2}, {""key"": ""A"", ""start"": 2, ""frames"": 1}]"),
            });
            CollectionAssert.AreEqual(new[] { "0 press A", "2 release A", "2 press A", "3 release A" }, Input.Timeline);
        }

        [Test]
        public void CancellingATimelineReleasesWhatItPressed()
        {
            Bridge.Append("{\"id\": \"t\", \"cmd\": \"input_sequence\", \"args\": {\"entries\": "
                + "[{\"key\": \"A\", \"frames\": 100}, {\"key\": \"B\", \"start\": 50, \"frames\": 10}]}}\n");
            Bridge.Frames(3);
            Bridge.Append("{\"id\": \"c\", \"cmd\": \"cancel\", \"args\": {\"id\": \"t\"}}\n");
            Assert.AreEqual(ErrorCodes.Cancelled, (string)Bridge.Frames(1)[0]["code"]);
            CollectionAssert.AreEqual(new[] { "0 press A", "3 release A" }, Input.Timeline);
            Assert.IsTrue(Bridge.Runtime.Holds);
        }

        [Test]
        public void ARealtimeGameTakesTimelinesToo()
        {
            Restart(new TimeSettings(TimeSettings.Realtime));
            Bridge.Frames(4);
            Assert.AreEqual(3, (int)Bridge.Data("hold", new { key = "Space", frames = 3 })["frames"]);
            Assert.AreEqual(2, Input.Timeline.Count);
            Assert.AreEqual(int.Parse(Input.Timeline[0].Split(' ')[0]) + 3, int.Parse(Input.Timeline[1].Split(' ')[0]));
        }
    }
}
