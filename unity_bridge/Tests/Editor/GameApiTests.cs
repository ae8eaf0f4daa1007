using System;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>The public API games use: RegisterCommand, RegisterState, EmitEvent, Fail, AgentMode.</summary>
    [TestFixture]
    public class GameApiTests : BridgeFixture
    {
        static JObject Schema(string json)
        {
            return JObject.Parse(json);
        }

        [Test]
        public void RegisteredCommandsAreListedValidatedAndCalled()
        {
            AgentBridge.RegisterCommand("swap", args => new { sum = (int)args["from"] + (int)args["to"] },
                Schema("{\"from\": {\"type\": \"integer\"}, \"to\": {\"type\": \"integer\", \"default\": 1}}"), "Swap two crystals");
            JToken swap = null;
            foreach (JToken command in Bridge.Data("hello", new { schemas = true })["commands"])
                if ((string)command["name"] == "swap")
                    swap = command;
            Assert.AreEqual("game", (string)swap["source"]);
            Assert.AreEqual("Swap two crystals", (string)swap["description"]);
            CollectionAssert.AreEqual(new[] { "from" }, swap["args_schema"]["required"].ToObject<string[]>());
            Assert.AreEqual(5, (int)Bridge.Data("swap", new { from = 2, to = 3.0 })["sum"]);
            Assert.AreEqual(3, (int)Bridge.Data("swap", new { from = 2 })["sum"]);
            Bridge.Failure(ErrorCodes.InvalidArgs, "swap", new { from = "a" });
            Bridge.Failure(ErrorCodes.InvalidArgs, "swap", new { from = 1, by = 2 });
        }

        [Test]
        public void HandlerFailuresKeepTheirCode()
        {
            AgentBridge.RegisterCommand("load_level", args => { throw AgentBridge.Fail(ErrorCodes.NotFound, "There is no level 'x'."); }, null, "");
            AgentBridge.RegisterCommand("broken", args => { throw new InvalidOperationException("oops"); }, null, "");
            Assert.AreEqual("There is no level 'x'.", Bridge.Failure(ErrorCodes.NotFound, "load_level"));
            StringAssert.Contains("oops", Bridge.Failure(ErrorCodes.Internal, "broken"));
        }

        [Test]
        public void RegistrationRefusesBadNames()
        {
            Assert.Throws<ArgumentException>(() => AgentBridge.RegisterCommand("press", a => null, null, ""));
            Assert.Throws<ArgumentException>(() => AgentBridge.RegisterCommand("Load Level", a => null, null, ""));
            Assert.Throws<ArgumentException>(() => AgentBridge.Fail("NOPE", "x"));
        }

        [Test]
        public void FailMapsEveryWireCode()
        {
            foreach (ErrorCode code in Enum.GetValues(typeof(ErrorCode)))
            {
                AgentBridgeException error = AgentBridge.Fail(ErrorCodeNames.ToWire(code), "m");
                Assert.AreEqual(code, error.Code);
                Assert.AreEqual(ErrorCodeNames.ToWire(code), error.WireCode);
            }
        }

        [Test]
        public void StateIsUnsupportedUntilRegistered()
        {
            Bridge.Failure(ErrorCodes.Unsupported, "get_state");
            AgentBridge.RegisterState(() => new { level = "one", score = 3 });
            JToken state = Bridge.Data("get_state");
            Assert.AreEqual("one", (string)state["level"]);
            Assert.AreEqual(3, (int)state["score"]);
        }

        [Test]
        public void AgentModeAndEmitEventFollowTheBridge()
        {
            Assert.IsTrue(AgentBridge.AgentMode);
            AgentBridge.EmitEvent("level_won", 3, "/root/Conformance");
            JObject item = (JObject)Bridge.Send("hello")["events"][0];
            Assert.AreEqual("level_won", (string)item["type"]);
            Assert.AreEqual("/root/Conformance", (string)item["source"]);
            Assert.AreEqual(3, (int)item["args"][0]);
            Bridge.Runtime.Dispose();
            Assert.IsFalse(AgentBridge.AgentMode);
            Assert.DoesNotThrow(() => AgentBridge.EmitEvent("ignored"));
        }
    }
}
