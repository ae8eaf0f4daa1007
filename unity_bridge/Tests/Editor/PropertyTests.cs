using NUnit.Framework;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class PropertyTests : BridgeFixture
    {
        const string Volume = "/root/Conformance/Volume";

        [Test]
        public void ReadsWithTheEngineType()
        {
            JToken data = Bridge.Data("get_property", new { path = Volume, property = "value" });
            Assert.AreEqual(50.0, (double)data["value"]);
            Assert.AreEqual("float", (string)data["type"]);
            Assert.AreEqual(50.0, (double)Bridge.Data("get_property", new { path = Volume, property = "Slider.value" })["value"]);
        }

        [Test]
        public void SetsConvertedValuesAndReportsTheResult()
        {
            JToken data = Bridge.Data("set_property", new { path = Volume, property = "value", value = 75 });
            Assert.AreEqual(75.0, (double)data["value"]);
            JObject response = Bridge.Send("set_property", new { path = Volume, property = "value", value = 500 });
            Assert.AreEqual(100.0, (double)response["data"]["value"], "the slider clamps, as Unity's does");
            Assert.AreEqual("value_changed", (string)response["events"][0]["type"]);
        }

        [Test]
        public void ABadValueChangesNothing()
        {
            string error = Bridge.Failure(ErrorCodes.InvalidArgs, "set_property", new { path = Volume, property = "value", value = "loud" });
            StringAssert.Contains("(float)", error);
            StringAssert.Contains("\"NaN\"", error);
            Assert.AreEqual(50.0, (double)Bridge.Data("get_property", new { path = Volume, property = "value" })["value"]);
        }

        [Test]
        public void UnknownPropertiesAndReadOnlyOnesAreRefused()
        {
            StringAssert.Contains("has no property 'loudness'",
                Bridge.Failure(ErrorCodes.InvalidArgs, "get_property", new { path = Volume, property = "loudness" }));
            StringAssert.Contains("has no 'Button'",
                Bridge.Failure(ErrorCodes.InvalidArgs, "get_property", new { path = Volume, property = "Button.value" }));
            StringAssert.Contains("read-only",
                Bridge.Failure(ErrorCodes.InvalidArgs, "set_property",
                    new { path = "/root/Conformance/PlayButton", property = "pressCount", value = 3 }));
        }

        [Test]
        public void SubPathsReachIntoStructsAndWriteThemBack()
        {
            Bridge.Data("change_scene", new { path = "Lab" });
            const string spinner = "/root/Lab/Spinner";
            JToken data = Bridge.Data("set_property", new { path = spinner, property = "position:y", value = 2.5 });
            Assert.AreEqual(2.5, (double)data["value"]);
            JToken whole = Bridge.Data("get_property", new { path = spinner, property = "position" });
            Assert.AreEqual(2.5, (double)whole["value"]["y"]);
            Assert.AreEqual("SynVector", (string)whole["type"]);
            Bridge.Data("set_property", new { path = spinner, property = "position", value = new[] { 4, 5 } });
            Assert.AreEqual(4.0, (double)Bridge.Data("get_property", new { path = spinner, property = "position:x" })["value"]);
            StringAssert.Contains("no member 'z'",
                Bridge.Failure(ErrorCodes.InvalidArgs, "get_property", new { path = spinner, property = "position:z" }));
        }

        [Test]
        public void GetNodeListsPropertyTypes()
        {
            JToken data = Bridge.Data("get_node", new { path = Volume });
            Assert.AreEqual("float", (string)data["properties"]["value"]);
            Assert.AreEqual("bool", (string)data["properties"]["interactable"]);
            Assert.AreEqual(0, ((JArray)data["children"]).Count);
            Assert.IsNull(data["node"]["children"]);
        }

        [Test]
        public void CallsMethodsWithConvertedArguments()
        {
            JObject response = Bridge.Send("call_method",
                new { path = Volume, method = "SetValueWithoutNotify", args = new object[] { 20 } });
            Assert.IsTrue((bool)response["ok"], response.ToString());
            Assert.AreEqual(JTokenType.Null, response["data"]["result"].Type);
            Assert.AreEqual(0, ((JArray)response["events"]).Count);
            Assert.AreEqual(20.0, (double)Bridge.Data("get_property", new { path = Volume, property = "value" })["value"]);
        }

        [Test]
        public void RefusesUnknownMethodsAndBadArguments()
        {
            StringAssert.Contains("has no method 'Explode'",
                Bridge.Failure(ErrorCodes.InvalidArgs, "call_method", new { path = Volume, method = "Explode" }));
            StringAssert.Contains("argument 'input' (float) must be a number",
                Bridge.Failure(ErrorCodes.InvalidArgs, "call_method",
                    new { path = Volume, method = "SetValueWithoutNotify", args = new[] { "x" } }));
            StringAssert.Contains("takes (input: float)",
                Bridge.Failure(ErrorCodes.InvalidArgs, "call_method", new { path = Volume, method = "SetValueWithoutNotify" }));
        }
    }
}
