using System;
using System.Reflection;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    /// <summary>
    /// One name per concept across Python, GDScript and C#: the wire error codes as constants,
    /// the exceptions named as the Python client's errors (CommandTimeoutException,
    /// RequestCancelledException, ParseException, InternalBridgeException), EmitEvent,
    /// AddSettlePredicate and the action option <c>settled</c>; the former names still work but
    /// are marked obsolete.
    /// </summary>
    [TestFixture]
    public class NamingTests : BridgeFixture
    {
        /// <summary>The codes as docs/PROTOCOL.md spells them: the only place they are written out.</summary>
        static readonly string[] ProtocolCodes =
        {
            "PARSE_ERROR", "INVALID_REQUEST", "UNKNOWN_COMMAND", "INVALID_ARGS", "NOT_FOUND", "STALE_REF",
            "NOT_INTERACTABLE", "TIMEOUT", "UNSUPPORTED", "INTERNAL", "CANCELLED",
        };

        [Test]
        public void ErrorCodeConstantsAreTheProtocolCodesOneForEachEnumValue()
        {
            var constants = new System.Collections.Generic.List<string>();
            foreach (FieldInfo field in typeof(ErrorCodes).GetFields(BindingFlags.Public | BindingFlags.Static))
                constants.Add((string)field.GetRawConstantValue());
            CollectionAssert.AreEquivalent(ProtocolCodes, constants);
            Array values = Enum.GetValues(typeof(ErrorCode));
            Assert.AreEqual(ProtocolCodes.Length, values.Length);
            foreach (ErrorCode code in values)
            {
                ErrorCode back;
                Assert.IsTrue(ErrorCodeNames.TryParse(ErrorCodeNames.ToWire(code), out back));
                Assert.AreEqual(code, back);
                Assert.AreEqual(code, AgentBridge.Fail(code, "m").Code);
            }
        }

        [Test]
        public void EachCodeFailsWithTheExceptionNamedAsPythonsError()
        {
            Assert.IsInstanceOf<RequestCancelledException>(AgentBridge.Fail(ErrorCodes.Cancelled, "stopped"));
            Assert.IsInstanceOf<ParseException>(AgentBridge.Fail(ErrorCodes.ParseError, "broken"));
            Assert.IsInstanceOf<InternalBridgeException>(AgentBridge.Fail(ErrorCodes.Internal, "bug"));
        }

        [Test]
        public void TimeoutIsACommandTimeoutException()
        {
            Assert.IsInstanceOf<CommandTimeoutException>(AgentBridge.Fail(ErrorCodes.Timeout, "late"));
            Bridge.Data("change_scene", new { path = SyntheticScenes.Lab });
            ((SynMover)Bridge.SceneChild("Spinner").Control).framesLeft = 1000000;
            StringAssert.Contains("did not settle", Bridge.Failure(ErrorCodes.Timeout, "wait", new { settled = true, timeout_ms = 10 }));
        }

#pragma warning disable 618 // the obsolete names are what these tests are about
        [Test]
        public void TheFormerNamesStillWork()
        {
            AgentBridge.RegisterCommand("slow", args => { throw new WaitTimeoutException("too slow"); }, null, "");
            Assert.AreEqual("too slow", Bridge.Failure(ErrorCodes.Timeout, "slow"));
            AgentBridge.RegisterCommand("stopped", args => { throw new CancelledException("gave up"); }, null, "");
            Assert.AreEqual("gave up", Bridge.Failure(ErrorCodes.Cancelled, "stopped"));
            AgentBridge.RegisterCommand("broken", args => { throw new InternalErrorException("bug"); }, null, "");
            Assert.AreEqual("bug", Bridge.Failure(ErrorCodes.Internal, "broken"));
            Assert.AreEqual(ErrorCode.ParseError, new ParseErrorException("not JSON").Code);
            AgentBridge.Emit("old_name", 1);
            Assert.AreEqual("old_name", (string)Bridge.Send("hello")["events"][0]["type"]);
            bool busy = true;
            AgentBridge.AddSettledProvider(new SettlePredicateStub(() => !busy));
            StringAssert.Contains("still busy: stub", Bridge.Failure(ErrorCodes.Timeout, "wait", new { settled = true, timeout_ms = 10 }));
        }
        [Test]
        public void TheFormerNamesAreObsolete()
        {
            foreach (Type type in new[] { typeof(WaitTimeoutException), typeof(CancelledException),
                         typeof(ParseErrorException), typeof(InternalErrorException) })
                Assert.IsTrue(type.IsDefined(typeof(ObsoleteAttribute), false), type.Name);
            foreach (string name in new[] { "Emit", "AddSettledProvider" })
                Assert.IsTrue(typeof(AgentBridge).GetMethod(name).IsDefined(typeof(ObsoleteAttribute), false), name);
            Assert.IsFalse(typeof(AgentBridge).GetMethod("EmitEvent").IsDefined(typeof(ObsoleteAttribute), false));
        }
#pragma warning restore 618

        [Test]
        public void ASettlePredicateHoldsOffWaitSettled()
        {
            bool busy = true;
            AgentBridge.AddSettlePredicate("level intro", () => !busy);
            StringAssert.Contains("still busy: level intro",
                Bridge.Failure(ErrorCodes.Timeout, "wait", new { settled = true, timeout_ms = 10 }));
            busy = false;
            Assert.AreEqual(2, (int)Bridge.Data("wait", new { settled = true })["frames_waited"]);
            Assert.Throws<ArgumentException>(() => AgentBridge.AddSettlePredicate("", () => true));
            Assert.Throws<ArgumentNullException>(() => AgentBridge.AddSettlePredicate("x", null));
            Assert.Throws<ArgumentNullException>(() => AgentBridge.AddSettlePredicate(null));
        }

        [Test]
        public void ActionsTakeSettledAndRefuseTheFormerSettle()
        {
            JObject refused = Bridge.Send("press", new { path = "/root/Conformance/PlayButton", settle = true });
            Assert.AreEqual(ErrorCodes.InvalidArgs, (string)refused["code"]);
            StringAssert.Contains("does not take an argument 'settle'", (string)refused["error"]);
            StringAssert.Contains("settled", (string)refused["error"]);
            Assert.AreEqual(0, ((JArray)refused["events"]).Count, "the refused press did nothing");
            foreach (string command in new[] { "press", "click", "fill", "hover", "drag", "input" })
                Assert.IsNotNull(SchemaOf(command)["properties"]["settled"], command);
            JObject pressed = Bridge.Send("press", new { path = "/root/Conformance/PlayButton", settled = true });
            Assert.AreEqual("/root/Conformance/PlayButton", (string)pressed["data"]["pressed"]);
            Assert.AreEqual("pressed", (string)pressed["events"][0]["type"]);
        }

        [Test]
        public void NodesCarryRoleAndLabel()
        {
            JToken button = Bridge.Data("get_node", new { path = "/root/Conformance/PlayButton" })["node"];
            Assert.AreEqual("button", (string)button["role"]);
            Assert.AreEqual("Play", (string)button["label"]);
            Bridge.Data("change_scene", new { path = SyntheticScenes.Lab });
            JToken panel = Bridge.Data("get_tree", new { root = "/root/Lab/Panel", max_depth = 1 })["tree"];
            Assert.AreEqual("generic", (string)panel["role"]);
            Assert.IsNull(panel["label"], "an unnamed container has no label");
            Assert.AreEqual("Buy", (string)panel["children"][0]["label"]);
            Assert.AreEqual("slashed name", (string)panel["children"][2]["label"]);
        }

        JToken SchemaOf(string command)
        {
            foreach (JToken entry in Bridge.Data("hello", new { schemas = true })["commands"])
            {
                if ((string)entry["name"] == command)
                    return entry["args_schema"];
            }
            throw new AssertionException("hello does not list " + command);
        }

        /// <summary>A settled provider written by a game against the former API.</summary>
        sealed class SettlePredicateStub : ISettledProvider
        {
            readonly Func<bool> _settled;

            public SettlePredicateStub(Func<bool> settled)
            {
                _settled = settled;
            }

            public string Name
            {
                get { return "stub"; }
            }

            public bool IsSettled()
            {
                return _settled();
            }
        }
    }
}
