using System.IO;
using AgentBridgeUnity.Core.Transport;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>What a client cannot reach or change, and what the bridge does when its files fail.</summary>
    [TestFixture]
    public class GuardTests : BridgeFixture
    {
        [TearDown]
        public void CloseMembers()
        {
            AgentBridge.AllowNonPublicMembers = false;
        }

        [Test]
        public void TheBridgeNodeIsReadableButNotChangeable()
        {
            JToken node = Bridge.Data("get_node", new { path = "/root/AgentBridge" })["node"];
            Assert.AreEqual("AgentBridge", (string)node["name"]);
            StringAssert.Contains("the bridge itself", Bridge.Failure(ErrorCodes.InvalidArgs, "set_property",
                new { path = "/root/AgentBridge", property = "sessionDirectory", value = "/tmp/elsewhere" }));
            StringAssert.Contains("the bridge itself", Bridge.Failure(ErrorCodes.InvalidArgs, "call_method",
                new { path = "/root/AgentBridge", method = "Stop" }));
            Assert.AreEqual("session", ((SynBridge)Bridge.Engine.Bridge.Control).sessionDirectory);
        }

        [Test]
        public void NonPublicMembersAreClosedUnlessTheGameOpensThem()
        {
            StringAssert.Contains("'onClick' is not public", Bridge.Failure(ErrorCodes.InvalidArgs, "get_property",
                new { path = "/root/Conformance/PlayButton", property = "onClick" }));
            StringAssert.Contains("AllowNonPublicMembers", Bridge.Failure(ErrorCodes.InvalidArgs, "call_method",
                new { path = "/root/Conformance/PlayButton", method = "ResetPresses" }));
            Bridge.Failure(ErrorCodes.InvalidArgs, "get_property", new { path = "/root/Conformance/PlayButton", property = "no_such" });
            AgentBridge.AllowNonPublicMembers = true;
            Bridge.Data("press", new { path = "/root/Conformance/PlayButton" });
            Assert.AreEqual(1, (int)Bridge.Data("get_property", new { path = "/root/Conformance/PlayButton", property = "pressCount" })["value"]);
            Assert.IsNotNull(Bridge.Data("get_property", new { path = "/root/Conformance/PlayButton", property = "onClick" })["value"]);
            Bridge.Data("call_method", new { path = "/root/Conformance/PlayButton", method = "ResetPresses" });
            Assert.AreEqual(0, (int)Bridge.Data("get_property", new { path = "/root/Conformance/PlayButton", property = "pressCount" })["value"]);
        }

        [Test]
        public void MethodsThatReachMembersByNameAreRefused()
        {
            foreach (string method in new[] { "SendMessage", "BroadcastMessage", "Invoke", "StartCoroutine" })
                StringAssert.Contains("reaches members by name", Bridge.Failure(ErrorCodes.InvalidArgs, "call_method",
                    new { path = "/root/Conformance/PlayButton", method, args = new JArray("ResetPresses") }));
        }

        [Test]
        public void CapsRefuseWhatNoGameNeeds()
        {
            Bridge.Failure(ErrorCodes.InvalidArgs, "wait", new { frames = 1000001 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "wait", new { frames = 2, timeout_ms = 600001 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "wait", new { settled = true, quiet_frames = 1001 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "step", new { frames = 1000001 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "press", new { path = "/root/Conformance/PlayButton", timeout_ms = 600001 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "hover", new { x = 1000001, y = 0 });
            Bridge.Failure(ErrorCodes.InvalidArgs, "click", new { x = 0, y = -1000001 });
            StringAssert.Contains("within", Bridge.Failure(ErrorCodes.InvalidArgs, "drag",
                new { from = "/root/Conformance/PlayButton", to = new JObject(new JProperty("x", 2e6), new JProperty("y", 0)) }));
            Assert.AreEqual(1000000, (int)SchemaOf("wait")["properties"]["frames"]["maximum"]);
        }

        JToken SchemaOf(string command)
        {
            foreach (JToken entry in Bridge.Data("hello", new { schemas = true })["commands"])
            {
                if ((string)entry["name"] == command)
                    return entry["args_schema"];
            }
            return null;
        }

        [Test]
        public void AFailedWriteIsReportedAsAnEngineErrorOnTheNextAnswer()
        {
            string path = Bridge.Runtime.ResponsePath;
            File.Delete(path);
            Directory.CreateDirectory(path);
            Bridge.Append("{\"id\": 1, \"cmd\": \"hello\"}\n");
            Bridge.Engine.Advance();
            Bridge.Runtime.Tick();
            Directory.Delete(path);
            JObject next = Bridge.Send("get_events");
            JToken error = next["data"]["events"][0];
            Assert.AreEqual("engine_error", (string)error["type"]);
            Assert.AreEqual("error", (string)error["args"][0]);
            StringAssert.Contains("could not write a response", (string)error["args"][1]);
        }

        [Test]
        public void CommandSegmentsAreFollowed()
        {
            string first = Bridge.CommandsPath;
            Bridge.Append("{\"next\":\"cmd.1.jsonl\"}\n");
            Bridge.Frames(1);
            Assert.AreEqual(Path.Combine(Bridge.Directory, "cmd.1.jsonl"), Bridge.CommandsPath);
            Assert.IsFalse(File.Exists(first));
            Assert.AreEqual("unity", (string)Bridge.Data("hello")["engine"]);
        }

        [Test]
        public void AZombieParentCountsAsGone()
        {
            Assert.IsFalse(ParentWatch.IsRunningStat("4242 (python3) Z 1 4242 4242 0 -1"));
            Assert.IsFalse(ParentWatch.IsRunningStat("4242 (a) b) X 1"));
            Assert.IsFalse(ParentWatch.IsRunningStat(null));
            Assert.IsTrue(ParentWatch.IsRunningStat("4242 (sleep) S 1 4242 4242 0 -1"));
            Assert.IsTrue(ParentWatch.IsRunningStat("4242 (odd) name) R 1"));
        }
    }
}
