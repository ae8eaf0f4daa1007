using System.Collections.Generic;
using System.IO;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// record_start, record_stop and replay over the synthetic Lab scene (docs/REPLAY.md): a
    /// session of requests recorded and replayed into a fresh game reaches the same digests; a
    /// changed value is named at its checkpoint, node and field; a person's key presses are
    /// recorded as input lines and replayed; a malformed chunk is refused and changes nothing.
    /// </summary>
    [TestFixture]
    public class ReplayTests : BridgeFixture
    {
        const int Seed = 5;
        const string Spinner = "/root/Lab/Spinner";
        const string Level = "/root/Lab/Level";

        public ReplayTests() : base(SyntheticScenes.Lab)
        {
        }

        [SetUp]
        public void SeededGame()
        {
            Restart(new TimeSettings(TimeSettings.Lockstep, 60, Seed));
        }

        /// <summary>
        /// A recorded session of requests only: a wandering Spinner (the seeded random generator)
        /// that walks while Right is held, a hold, a slider set, frames run between.
        /// </summary>
        List<JObject> RecordRequests()
        {
            Bridge.Data("record_start", new { checkpoint_every = 5 });
            Bridge.Data("set_property", new { path = Spinner, property = "wanders", value = true });
            Bridge.Data("set_property", new { path = Spinner, property = "walkKey", value = "Right" });
            Bridge.Data("step", new { frames = 3 });
            Bridge.Data("hold", new { key = "Right", frames = 6 });
            Bridge.Data("set_property", new { path = Level, property = "value", value = 7 });
            Bridge.Data("step", new { frames = 12 });
            return Stop();
        }

        /// <summary>Ends the recording and reads its file, the answer's counts checked against the file.</summary>
        List<JObject> Stop()
        {
            JToken stopped = Bridge.Data("record_stop");
            var lines = new List<JObject>();
            foreach (string text in File.ReadAllLines((string)stopped["path"]))
                lines.Add(JObject.Parse(text));
            Assert.AreEqual(lines.Count, (int)stopped["lines"]);
            Assert.AreEqual(new FileInfo((string)stopped["path"]).Length, (long)stopped["bytes"]);
            JObject end = lines[lines.Count - 1];
            Assert.AreEqual("end", (string)end["t"]);
            Assert.AreEqual((string)end["digest"], (string)stopped["digest"]);
            Assert.AreEqual((long)end["f"], (long)stopped["frame"]);
            Assert.AreEqual(Count(lines, "request"), (int)stopped["requests"]);
            Assert.AreEqual(Count(lines, "input"), (int)stopped["inputs"]);
            return lines;
        }

        /// <summary>The events the last <see cref="Replay"/>'s answers carried.</summary>
        JArray ReplayEvents { get; set; }

        static int Count(List<JObject> lines, string type)
        {
            return lines.FindAll(line => (string)line["t"] == type).Count;
        }

        /// <summary>Replays the lines after the header into a fresh game, in chunks ending at the given frames.</summary>
        JToken Replay(List<JObject> lines, bool check, params long[] cuts)
        {
            Restart(new TimeSettings(TimeSettings.Lockstep, 60, Seed));
            ReplayEvents = new JArray();
            long end = (long)lines[lines.Count - 1]["f"];
            var bounds = new List<long>(cuts) { end };
            int next = 1;
            JToken answer = null;
            for (int i = 0; i < bounds.Count; i++)
            {
                bool final = i == bounds.Count - 1;
                var chunk = new JArray();
                while (next < lines.Count && ((long)lines[next]["f"] < bounds[i] || final))
                    chunk.Add(lines[next++]);
                var args = new JObject { ["lines"] = chunk, ["until"] = bounds[i], ["final"] = final, ["check"] = check };
                JObject response = Bridge.Send("replay", args);
                Assert.IsTrue((bool)response["ok"], response.ToString());
                answer = response["data"];
                foreach (JToken item in (JArray)response["events"])
                    ReplayEvents.Add(item);
                if ((bool)answer["stopped"] && !final)
                    break;
            }
            return answer;
        }

        [Test]
        public void RecordStartAnswersThePathAndTheFileStartsWithAHeaderAndACheckpoint()
        {
            Bridge.Data("step", new { frames = 2 });
            JToken started = Bridge.Data("record_start", new { checkpoint_every = 4 });
            Assert.AreEqual(2, (long)started["frame"]);
            Assert.AreEqual(4, (int)started["checkpoint_every"]);
            StringAssert.EndsWith(".replay.jsonl", (string)started["path"]);
            StringAssert.StartsWith(Bridge.Runtime.Files.Artifacts, (string)started["path"]);
            Bridge.Data("step", new { frames = 9 });
            List<JObject> lines = Stop();
            JObject header = lines[0];
            Assert.AreEqual("header", (string)header["t"]);
            Assert.AreEqual("agentbridge-replay/1", (string)header["format"]);
            Assert.AreEqual("unity", (string)header["engine"]);
            Assert.AreEqual("agentbridge/1", (string)header["protocol"]);
            Assert.AreEqual(Seed, (int)header["seed"]);
            Assert.AreEqual(60, (int)header["fps"]);
            Assert.AreEqual(50, (int)header["physics_ticks"]);
            Assert.AreEqual("lockstep", (string)header["time"]);
            Assert.AreEqual(2, (long)header["start_frame"]);
            Assert.AreEqual("Assets/Scenes/Lab.unity", (string)header["scene"]);
            Assert.AreEqual("Assets/Scenes/Conformance.unity", (string)header["main_scene"]);
            Assert.AreEqual("synthetic", (string)header["input"]);
            Assert.IsTrue(JToken.DeepEquals(new JArray(800, 600), header["window"]));
            var checks = lines.FindAll(line => (string)line["t"] == "check").ConvertAll(line => (long)line["f"]);
            CollectionAssert.AreEqual(new long[] { 2, 6, 10 }, checks, "a checkpoint at the start and every 4 frames");
            Assert.AreEqual(11, (long)lines[lines.Count - 1]["f"]);
            Assert.AreEqual("stopped", (string)lines[lines.Count - 1]["reason"]);
            foreach (JObject line in lines.GetRange(1, lines.Count - 1))
                Assert.IsNotNull(line["f"], line.ToString());
        }

        [Test]
        public void ARecordedSessionOfRequestsReplaysToTheSameDigests()
        {
            List<JObject> lines = RecordRequests();
            List<JObject> requests = lines.FindAll(line => (string)line["t"] == "request");
            CollectionAssert.AreEqual(new[] { "set_property", "set_property", "hold", "set_property" },
                requests.ConvertAll(line => (string)line["cmd"]), "reads and steps are not recorded");
            Assert.AreEqual(0, Count(lines, "input"), "the bridge's own key events come again with its request");
            Assert.IsTrue(JToken.DeepEquals(JObject.Parse("{\"key\": \"Right\", \"frames\": 6}"), requests[2]["args"]),
                "defaults (strength) are left out: " + requests[2]["args"]);
            Assert.AreEqual(3, (long)requests[2]["f"]);

            JToken replayed = Replay(lines, true);
            Assert.AreEqual(0, (int)replayed["mismatches"], replayed.ToString());
            Assert.AreEqual(Count(lines, "check") + 1, (int)replayed["checks"]);
            Assert.AreEqual(4, (int)replayed["requests"]);
            Assert.AreEqual(0, ((JArray)replayed["failures"]).Count, replayed.ToString());
            Assert.IsTrue((bool)replayed["ended"]["same"]);
            Assert.AreEqual((string)lines[lines.Count - 1]["digest"], (string)replayed["ended"]["replayed"]);
            Assert.AreEqual((long)lines[lines.Count - 1]["f"], (long)replayed["frame"]);
            Assert.AreEqual(JTokenType.Null, replayed["divergence"].Type);
            Assert.AreEqual((string)lines[lines.Count - 1]["digest"], (string)Bridge.Data("digest")["digest"],
                "held at the end frame, in the recorded state");
        }

        [Test]
        public void AReplayInChunksEndingAtFrameBoundariesIsTheSame()
        {
            List<JObject> lines = RecordRequests();
            JToken replayed = Replay(lines, true, 3, 4, 11);
            Assert.AreEqual(0, (int)replayed["mismatches"], replayed.ToString());
            Assert.IsTrue((bool)replayed["ended"]["same"]);
            Assert.AreEqual(4, (int)replayed["requests"]);
        }

        [Test]
        public void AChangedValueIsNamedAtItsFrameNodeAndField()
        {
            List<JObject> lines = RecordRequests();
            JObject slider = lines.Find(line => (string)line["cmd"] == "set_property" && (string)line["args"]["path"] == Level);
            long setAt = (long)slider["f"];
            slider["args"]["value"] = 8;
            JToken replayed = Replay(lines, true);
            JToken divergence = replayed["divergence"];
            long firstCheck = lines.Find(line => (string)line["t"] == "check" && (long)line["f"] >= setAt)["f"].Value<long>();
            Assert.AreEqual(firstCheck, (long)divergence["frame"], divergence.ToString());
            Assert.AreEqual(Level, (string)divergence["node"]);
            Assert.AreEqual("changed", (string)divergence["kind"]);
            Assert.AreEqual("value", (string)divergence["property"]);
            Assert.AreEqual(8.0, (double)divergence["value"]);
            Assert.AreNotEqual((string)divergence["recorded"], (string)divergence["replayed"]);
            Assert.IsTrue((bool)replayed["stopped"]);
            Assert.AreEqual(firstCheck, (long)replayed["frame"], "check stops the replay at the checkpoint, held");
            Assert.AreEqual(firstCheck, (long)Bridge.Send("hello")["frame"]);

            JToken unchecked_ = Replay(lines, false);
            Assert.Greater((int)unchecked_["mismatches"], 1, "without check it plays on to the end");
            Assert.IsFalse((bool)unchecked_["ended"]["same"]);
            Assert.AreEqual(firstCheck, (long)unchecked_["divergence"]["frame"], "the first divergence is kept");
        }

        [Test]
        public void ANodeThatIsGoneOrExtraIsNamed()
        {
            Bridge.Data("record_start", new { checkpoint_every = 2 });
            Bridge.Data("step", new { frames = 4 });
            List<JObject> lines = Stop();
            Restart(new TimeSettings(TimeSettings.Lockstep, 60, Seed));
            Bridge.Engine.Root.ChildNodes[0].Remove(Bridge.SceneChild("Spinner"));
            var chunk = new JArray(lines.GetRange(1, lines.Count - 1).ToArray());
            JToken replayed = Bridge.Data("replay", new JObject { ["lines"] = chunk, ["until"] = 4, ["final"] = true, ["check"] = true });
            Assert.AreEqual(Spinner, (string)replayed["divergence"]["node"], replayed.ToString());
            Assert.AreEqual("missing", (string)replayed["divergence"]["kind"]);
            Assert.AreEqual(0, (long)replayed["divergence"]["frame"]);
        }

        [Test]
        public void APersonsKeysAreRecordedAsInputLinesAndReplayed()
        {
            Bridge.Data("record_start", new { checkpoint_every = 3 });
            Bridge.Data("set_property", new { path = Spinner, property = "walkKey", value = "Right" });
            Bridge.Data("step", new { frames = 2 });
            Bridge.Engine.Keyboard.Person("Right", true);
            Bridge.Data("step", new { frames = 5 });
            Bridge.Engine.Keyboard.Person("Right", false);
            Bridge.Data("step", new { frames = 4 });
            List<JObject> lines = Stop();
            List<JObject> inputs = lines.FindAll(line => (string)line["t"] == "input");
            Assert.AreEqual(2, inputs.Count);
            Assert.AreEqual(2, (long)inputs[0]["f"], "stamped with the frame whose input update took it");
            Assert.AreEqual(7, (long)inputs[1]["f"]);
            Assert.IsTrue(JToken.DeepEquals(JObject.Parse("{\"type\": \"state\", \"device\": \"Keyboard\", \"controls\": {\"Right\": 1}}"),
                inputs[0]["e"]), inputs[0].ToString());
            Assert.AreEqual(15.0, (double)((SynMover)Bridge.SceneChild("Spinner").Control).position.x, "5 frames walked, 3 x each");

            JToken replayed = Replay(lines, true);
            Assert.AreEqual(0, (int)replayed["mismatches"], replayed.ToString());
            Assert.AreEqual(2, (int)replayed["inputs"]);
            Assert.IsTrue((bool)replayed["ended"]["same"]);
            Assert.AreEqual(15.0, (double)((SynMover)Bridge.SceneChild("Spinner").Control).position.x);

            JToken without = Replay(lines.FindAll(line => (string)line["t"] != "input"), true);
            Assert.AreEqual(Spinner, (string)without["divergence"]["node"], "without the person's keys the Spinner stays");
            Assert.AreEqual("position", (string)without["divergence"]["property"]);
        }

        [Test]
        public void AnInputThatCannotBeRebuiltIsAFailureNotARefusal()
        {
            var chunk = JArray.Parse("[{\"t\": \"input\", \"f\": 0, \"e\": {\"type\": \"InputEventKey\", \"keycode\": 32}}]");
            JToken replayed = Bridge.Data("replay", new JObject { ["lines"] = chunk, ["until"] = 1 });
            JToken failure = replayed["failures"][0];
            Assert.AreEqual("input", (string)failure["cmd"]);
            Assert.AreEqual(ErrorCodes.InvalidArgs, (string)failure["code"]);
            StringAssert.Contains("The input at frame 0 cannot be rebuilt", (string)failure["error"]);
            Assert.AreEqual(0, (int)replayed["inputs"]);
        }

        [Test]
        public void RefsAreRecordedAsThePathsTheyNamedAndMadeAnewWhenReplayed()
        {
            Bridge.Data("record_start");
            JToken refs = Bridge.Data("snapshot", new { interactive = true })["refs"];
            string item = null;
            foreach (JProperty entry in ((JObject)refs).Properties())
            {
                if ((string)entry.Value["path"] == "/root/Lab/Panel/Item")
                    item = entry.Name;
            }
            Assert.IsNotNull(item, refs.ToString());
            Bridge.Data("press", new { @ref = "@" + item });
            List<JObject> lines = Stop();
            JObject press = lines.Find(line => (string)line["cmd"] == "press");
            Assert.IsTrue(JToken.DeepEquals(JObject.Parse("{\"ref\": {\"path\": \"/root/Lab/Panel/Item\"}}"), press["args"]), press.ToString());
            JToken replayed = Replay(lines, true);
            Assert.AreEqual(0, ((JArray)replayed["failures"]).Count, replayed.ToString());
            Assert.AreEqual(1, (int)replayed["requests"]);
            Assert.AreEqual("pressed", (string)ReplayEvents[0]["type"], "the replayed press pressed the button");
            Assert.AreEqual("/root/Lab/Panel/Item", (string)ReplayEvents[0]["source"]);
        }

        [Test]
        public void AReplayedRequestThatFailsIsReportedWithItsFrameAndCode()
        {
            var chunk = JArray.Parse("[{\"t\": \"request\", \"f\": 1, \"n\": 1, \"cmd\": \"press\", \"args\": {\"path\": \"/root/Lab/Nope\"}},"
                + "{\"t\": \"request\", \"f\": 1, \"n\": 2, \"cmd\": \"no_such_command\"}]");
            JToken replayed = Bridge.Data("replay", new JObject { ["lines"] = chunk, ["until"] = 2 });
            var failures = (JArray)replayed["failures"];
            Assert.AreEqual(2, failures.Count, replayed.ToString());
            Assert.AreEqual(ErrorCodes.NotFound, (string)failures[0]["code"]);
            Assert.AreEqual(1, (long)failures[0]["frame"]);
            Assert.AreEqual(1, (int)failures[0]["n"]);
            Assert.AreEqual(ErrorCodes.UnknownCommand, (string)failures[1]["code"]);
            Assert.AreEqual(1, (int)replayed["requests"], "a request that could not be validated did not run");
            Assert.AreEqual(2, (long)replayed["frame"]);
        }

        [Test]
        public void ACancelledRequestIsRecordedAndCancelledAgain()
        {
            Bridge.Data("record_start");
            Bridge.Append("{\"id\": \"long\", \"cmd\": \"hold\", \"args\": {\"key\": \"Right\", \"frames\": 500}}\n");
            Bridge.Frames(4);
            Bridge.Append("{\"id\": 99, \"cmd\": \"cancel\", \"args\": {\"id\": \"long\"}}\n");
            List<JObject> answers = Bridge.Until(2);
            Assert.AreEqual(ErrorCodes.Cancelled, (string)answers.Find(answer => (string)answer["id"] == "long")["code"]);
            Bridge.Data("step", new { frames = 2 });
            List<JObject> lines = Stop();
            JObject cancel = lines.Find(line => (string)line["t"] == "cancel");
            Assert.IsNotNull(cancel);
            Assert.AreEqual((int)lines.Find(line => (string)line["cmd"] == "hold")["n"], (int)cancel["n"]);
            JToken replayed = Replay(lines, true);
            Assert.AreEqual(0, (int)replayed["mismatches"], replayed.ToString());
            Assert.AreEqual(0, ((JArray)replayed["failures"]).Count, "a cancellation is what the recording did");
            CollectionAssert.Contains(Bridge.Engine.PlayerInput.Sent, "release Right", "the cancelled hold let go of its key");
        }

        [Test]
        public void AnAnnotatedRecordingNotesTheControlsEventsAndTheTextsShown()
        {
            Bridge.Data("record_start", new { annotate = true });
            Bridge.Data("press", new { path = "/root/Lab/Panel/Item" });
            List<JObject> lines = Stop();
            Assert.IsTrue((bool)lines[0]["annotated"]);
            CollectionAssert.Contains((JArray)lines[0]["texts"], new JValue("slashed name"));
            JObject pressed = lines.Find(line => (string)line["t"] == "event");
            Assert.IsNotNull(pressed, "an event line");
            Assert.AreEqual("pressed", (string)pressed["type"]);
            Assert.AreEqual("/root/Lab/Panel/Item", (string)pressed["path"]);
            Assert.AreEqual("button", (string)pressed["role"]);
            Assert.AreEqual("Buy", (string)pressed["name"]);
            Assert.IsNotNull(lines[lines.Count - 1]["texts"]);
        }

        [Test]
        public void AMalformedChunkIsRefusedWholeAndChangesNothing()
        {
            string good = "{\"t\": \"request\", \"f\": 0, \"n\": 1, \"cmd\": \"set_property\", "
                + "\"args\": {\"path\": \"/root/Lab/Level\", \"property\": \"value\", \"value\": 9}}";
            string[] bad =
            {
                "{\"f\": 0}",
                "{\"t\": \"header\", \"f\": 0}",
                "{\"t\": \"check\", \"f\": 0}",
                "{\"t\": \"check\", \"f\": 0, \"digest\": \"xyz\"}",
                "{\"t\": \"check\", \"f\": 0, \"digest\": \"0123456789abcdef\", \"nodes\": {\"/root/Lab\": \"12\"}}",
                "{\"t\": \"request\", \"f\": 0, \"n\": 2}",
                "{\"t\": \"request\", \"f\": 0, \"n\": 2, \"cmd\": \"press\", \"args\": [1]}",
                "{\"t\": \"input\", \"f\": 0}",
                "{\"t\": \"cancel\", \"f\": 0}",
                "{\"t\": \"input\", \"f\": 1.5, \"e\": {}}",
                "{\"t\": \"input\", \"f\": 7, \"e\": {}}",
            };
            foreach (string line in bad)
            {
                var chunk = JArray.Parse("[" + good + ", " + line + "]");
                string error = Bridge.Failure(ErrorCodes.InvalidArgs, "replay", new JObject { ["lines"] = chunk, ["until"] = 5 });
                StringAssert.StartsWith("Bad replay chunk: line 1", error, line);
                Assert.AreEqual(1.0, (double)Bridge.Data("get_property", new { path = Level, property = "value" })["value"],
                    "the good line before it did not run: " + line);
                Assert.AreEqual(0, (long)Bridge.Send("hello")["frame"], "no frame ran");
            }
            StringAssert.Contains("before the line above it", Bridge.Failure(ErrorCodes.InvalidArgs, "replay", new JObject
            {
                ["lines"] = JArray.Parse("[{\"t\": \"input\", \"f\": 2, \"e\": {}}, {\"t\": \"input\", \"f\": 1, \"e\": {}}]"),
                ["until"] = 5,
            }));
            Bridge.Failure(ErrorCodes.InvalidArgs, "replay", new { lines = "no", until = 3 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "replay", new JObject { ["lines"] = JArray.Parse("[[1, 2]]"), ["until"] = 3 });
            JToken begun = Bridge.Data("replay", new JObject { ["lines"] = JArray.Parse("[" + good + "]"), ["until"] = 1 });
            Assert.AreEqual(1, (int)begun["requests"]);
            Assert.AreEqual(9.0, (double)Bridge.Data("get_property", new { path = Level, property = "value" })["value"]);
            Bridge.Failure(ErrorCodes.InvalidArgs, "replay", new JObject { ["lines"] = JArray.Parse("[{\"t\": \"nope\", \"f\": 1}]"),
                ["until"] = 2 });
            JToken replayed = Bridge.Data("replay", new JObject
            {
                ["lines"] = JArray.Parse("[" + good.Replace("\"f\": 0", "\"f\": 1").Replace("9", "4") + "]"), ["until"] = 2, ["final"] = true,
            });
            Assert.AreEqual(2, (int)replayed["requests"], "the replay under way took the good chunk after the bad one");
            Assert.AreEqual(4.0, (double)Bridge.Data("get_property", new { path = Level, property = "value" })["value"]);
        }

        [Test]
        public void RecordingAndReplayRefuseWhatTheyCannotDo()
        {
            Assert.AreEqual("Nothing is being recorded: send record_start first.", Bridge.Failure(ErrorCodes.NotFound, "record_stop"));
            Bridge.Failure(ErrorCodes.InvalidArgs, "record_start", new { checkpoint_every = 0 });
            Bridge.Data("record_start");
            StringAssert.StartsWith("A recording is running already", Bridge.Failure(ErrorCodes.InvalidArgs, "record_start"));
            StringAssert.StartsWith("The game is recording", Bridge.Failure(ErrorCodes.InvalidArgs, "replay",
                new JObject { ["lines"] = new JArray(), ["until"] = 1 }));
            Bridge.Data("record_stop");
            Assert.AreEqual((string)Bridge.Data("record_stop")["path"], (string)Bridge.Data("record_stop")["path"],
                "record_stop again answers the finished recording");
            Bridge.Data("step", new { frames = 3 });
            StringAssert.Contains("before the current frame 3", Bridge.Failure(ErrorCodes.InvalidArgs, "replay",
                new JObject { ["lines"] = new JArray(), ["until"] = 2 }));
            Bridge.Data("resume");
            StringAssert.StartsWith("replay works on a held game", Bridge.Failure(ErrorCodes.InvalidArgs, "replay",
                new JObject { ["lines"] = new JArray(), ["until"] = 9 }));
        }

        [Test]
        public void AGameCannotRecordWhileItReplays()
        {
            Bridge.Data("replay", new JObject { ["lines"] = new JArray(), ["until"] = 0 });
            StringAssert.StartsWith("A replay is running", Bridge.Failure(ErrorCodes.InvalidArgs, "record_start"));
            JToken ended = Bridge.Data("replay", new JObject { ["lines"] = JArray.Parse("[{\"t\": \"end\", \"f\": 2, \"reason\": \"exit\"}]"),
                ["until"] = 2, ["final"] = true });
            Assert.IsTrue((bool)ended["ended"]["same"], "an end line without a digest compares nothing");
            Assert.IsTrue((bool)ended["stopped"]);
            Bridge.Data("record_start");
        }
    }
}
