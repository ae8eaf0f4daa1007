using System.Collections.Generic;
using System.Text.RegularExpressions;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// digest on the synthetic Lab scene: its shape, what moves it, and two runs with the same seed
    /// and inputs giving the same digest at the same frame (the Spinner wanders by the game's
    /// seeded random generator).
    /// </summary>
    [TestFixture]
    public class DigestTests : BridgeFixture
    {
        const string Timeline = @"[{""action"": ""Jump"", ""frames"": 5}, {""key"": ""Left"", ""start"": 3, ""frames"": 4}]";

        public DigestTests() : base(SyntheticScenes.Lab)
        {
        }

        [Test]
        public void ADigestIsSixteenHexDigitsOverEveryGameObject()
        {
            JToken data = Bridge.Data("digest", new { nodes = true });
            StringAssert.IsMatch("^[0-9a-f]{16}$", (string)data["digest"]);
            Assert.AreEqual(0, (long)data["frame"]);
            var paths = new List<string>();
            foreach (JProperty node in ((JObject)data["by_node"]).Properties())
            {
                paths.Add(node.Name);
                StringAssert.IsMatch("^[0-9a-f]{16}$", (string)node.Value);
            }
            Assert.AreEqual(paths.Count, (int)data["count"]);
            CollectionAssert.Contains(paths, "/root/Lab/Spinner");
            CollectionAssert.Contains(paths, "/root/Lab/Panel");
            CollectionAssert.DoesNotContain(paths, "/root", "scenes and the root are not GameObjects");
            CollectionAssert.DoesNotContain(paths, "/root/Lab");
            CollectionAssert.DoesNotContain(paths, "/root/AgentBridge", "the bridge's own object is left out");
            Assert.IsNull(Bridge.Data("digest")["by_node"]);
        }

        [Test]
        public void TheDigestMovesWithTheStateAndOnlyThere()
        {
            JToken before = Bridge.Data("digest", new { nodes = true });
            Assert.AreEqual((string)before["digest"], (string)Bridge.Data("digest")["digest"], "nothing changed");
            Bridge.Data("set_property", new { path = "/root/Lab/Spinner", property = "position:x", value = 4 });
            JToken after = Bridge.Data("digest", new { nodes = true });
            Assert.AreNotEqual((string)before["digest"], (string)after["digest"]);
            foreach (JProperty node in ((JObject)before["by_node"]).Properties())
            {
                bool same = (string)node.Value == (string)after["by_node"][node.Name];
                Assert.AreEqual(node.Name != "/root/Lab/Spinner", same, node.Name);
            }
            Bridge.Data("set_property", new { path = "/root/Lab/Level", property = "activeSelf", value = false });
            Assert.AreNotEqual((string)after["digest"], (string)Bridge.Data("digest")["digest"], "the active flag counts");
        }

        [Test]
        public void RootNarrowsTheDigest()
        {
            JToken panel = Bridge.Data("digest", new { root = "/root/Lab/Panel" });
            JToken whole = Bridge.Data("digest");
            Assert.Less((int)panel["count"], (int)whole["count"]);
            Assert.AreEqual("/root/Lab/Panel", (string)panel["root"], "the answer names what it hashed");
            Assert.AreEqual("/root", (string)whole["root"]);
            Bridge.Failure(ErrorCodes.NotFound, "digest", new { root = "/root/Lab/Nope" });
            Bridge.Failure(ErrorCodes.InvalidArgs, "digest", new { nodes = "yes" });
        }

        /// <summary>One run: seed, a wandering Spinner, an input timeline, then steps; the digests on the way.</summary>
        List<string> Run(int seed)
        {
            Restart(new TimeSettings(TimeSettings.Lockstep, 60, seed));
            Bridge.Data("set_property", new { path = "/root/Lab/Spinner", property = "wanders", value = true });
            var digests = new List<string>();
            Bridge.Data("input_sequence", new JObject { ["entries"] = JArray.Parse(Timeline) });
            digests.Add((string)Bridge.Data("digest")["digest"]);
            Bridge.Data("step", new { frames = 30 });
            JToken last = Bridge.Data("digest");
            Assert.AreEqual(37, (long)last["frame"]);
            digests.Add((string)last["digest"]);
            digests.AddRange(Bridge.Engine.PlayerInput.Timeline);
            return digests;
        }

        [Test]
        public void TheSameSeedAndInputsGiveTheSameDigestAtTheSameFrame()
        {
            List<string> first = Run(7);
            List<string> second = Run(7);
            CollectionAssert.AreEqual(first, second);
            List<string> other = Run(8);
            Assert.AreNotEqual(first[1], other[1], "another seed wanders elsewhere");
            Assert.IsTrue(Regex.IsMatch(first[0], "^[0-9a-f]{16}$"));
        }
    }
}
