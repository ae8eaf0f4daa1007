using AgentBridgeUnity.Core.Dispatch;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class ArgsValidatorTests
    {
        static readonly ArgsSchema Schema = new ArgsSchema()
            .Add("count", ArgSpec.Of("integer").WithMinimum(1))
            .Add("name", ArgSpec.Of("string").AsOptional())
            .Add("flag", ArgSpec.Of("boolean").WithDefault(false))
            .Add("items", ArgSpec.Of("array").WithItems(ArgSpec.Of("integer")).AsOptional())
            .Add("mode", ArgSpec.Of("string").WithEnum(new JArray("a", "b")).AsOptional())
            .Add("anything", ArgSpec.Of(ArgSpec.Any).AsOptional());

        static JObject Validate(string args)
        {
            return ArgsValidator.Validate("cmd", Schema, JObject.Parse(args));
        }

        [Test]
        public void FillsDefaultsAndTurnsWholeFloatsIntoIntegers()
        {
            JObject result = Validate("{\"count\": 2.0, \"items\": [1.0, 2], \"anything\": {\"x\": 3.0}}");
            Assert.AreEqual(JTokenType.Integer, result["count"].Type);
            Assert.AreEqual(false, (bool)result["flag"]);
            Assert.AreEqual(JTokenType.Integer, result["items"][0].Type);
            Assert.AreEqual(JTokenType.Integer, result["anything"]["x"].Type);
            Assert.IsNull(result["name"]);
        }

        [TestCase("{}", "needs the argument 'count'")]
        [TestCase("{\"count\": 1, \"extra\": 1}", "does not take an argument 'extra'")]
        [TestCase("{\"count\": 1.5}", "'count' must be an integer")]
        [TestCase("{\"count\": \"1\"}", "'count' must be an integer")]
        [TestCase("{\"count\": 0}", "at least 1")]
        [TestCase("{\"count\": 1, \"flag\": 1}", "true or false")]
        [TestCase("{\"count\": 1, \"items\": [1, \"x\"]}", "an array of integer")]
        [TestCase("{\"count\": 1, \"mode\": \"c\"}", "one of [\"a\",\"b\"]")]
        [TestCase("{\"count\": 1, \"name\": null}", "must be a string")]
        public void RefusesWithOneSentence(string args, string expected)
        {
            var error = Assert.Throws<InvalidArgsException>(() => Validate(args));
            StringAssert.Contains(expected, error.Message);
        }

        [Test]
        public void PublishesJsonSchema()
        {
            JObject schema = Schema.ToJsonSchema();
            Assert.AreEqual("object", (string)schema["type"]);
            Assert.AreEqual(false, (bool)schema["additionalProperties"]);
            CollectionAssert.AreEqual(new[] { "count" }, schema["required"].ToObject<string[]>());
            Assert.AreEqual(JTokenType.Integer, schema["properties"]["count"]["minimum"].Type);
            Assert.IsNull(schema["properties"]["anything"]["type"]);
        }

        [Test]
        public void ReadsTheCompactFormGamesRegister()
        {
            ArgsSchema schema = ArgsSchema.FromJson(JObject.Parse(
                "{\"from\": {\"type\": \"integer\"}, \"note\": {\"type\": \"string\", \"optional\": true}}"));
            JObject json = schema.ToJsonSchema();
            CollectionAssert.AreEqual(new[] { "from" }, json["required"].ToObject<string[]>());
            Assert.IsNull(json["properties"]["note"]["optional"]);
        }

        [Test]
        public void ReadsAFullJsonSchemaToo()
        {
            ArgsSchema schema = ArgsSchema.FromJson(JObject.Parse(
                "{\"type\": \"object\", \"required\": [\"a\"], "
                + "\"properties\": {\"a\": {\"type\": \"integer\"}, \"b\": {\"type\": \"string\"}}}"));
            Assert.IsFalse(schema.Find("a").MayBeOmitted);
            Assert.IsTrue(schema.Find("b").MayBeOmitted);
        }

        [Test]
        public void AnUnknownTypeIsRefusedAtRegistration()
        {
            Assert.Throws<System.ArgumentException>(() => ArgsSchema.FromJson(JObject.Parse("{\"a\": {\"type\": \"int\"}}")));
        }
    }
}
