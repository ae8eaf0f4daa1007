using AgentBridgeUnity.Core.Json;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class StrictJsonParserTests
    {
        [Test]
        public void IntegersStayIntegersAndFloatsStayFloats()
        {
            var parsed = (JObject)StrictJsonParser.Parse("{\"a\": 7, \"b\": 7.0, \"c\": -1e3, \"d\": 12345678901234567890123}");
            Assert.AreEqual(JTokenType.Integer, parsed["a"].Type);
            Assert.AreEqual(JTokenType.Float, parsed["b"].Type);
            Assert.AreEqual(-1000.0, (double)parsed["c"]);
            Assert.AreEqual(JTokenType.Float, parsed["d"].Type, "beyond 64 bits: a float");
            Assert.AreEqual(1.2345678901234568e22, (double)parsed["d"]);
            Assert.AreEqual(long.MinValue, (long)StrictJsonParser.Parse("-9223372036854775808"));
            Assert.AreEqual(JTokenType.Float, StrictJsonParser.Parse("9223372036854775808").Type);
        }

        [Test]
        public void StringsKeepEscapesAndUnicode()
        {
            JToken parsed = StrictJsonParser.Parse("\"a\\\"b\\\\c\\n\\u00e9\\ud83d\\ude00 ünï\"");
            Assert.AreEqual("a\"b\\c\n\u00e9\U0001F600 ünï", (string)parsed);
        }

        [Test]
        public void DateLikeStringsStayStrings()
        {
            JToken parsed = StrictJsonParser.Parse("{\"when\": \"2024-01-02T03:04:05Z\"}");
            Assert.AreEqual(JTokenType.String, parsed["when"].Type);
        }

        [TestCase("{'id': 1}")]
        [TestCase("{\"id\": 1,}")]
        [TestCase("{id: 1}")]
        [TestCase("[1, 2")]
        [TestCase("NaN")]
        [TestCase("{\"a\": 01}")]
        [TestCase("{\"a\": 1} x")]
        [TestCase("// comment\n{}")]
        [TestCase("\"tab\there\"")]
        [TestCase("1e999")]
        [TestCase("")]
        public void RejectsWhatIsNotJson(string text)
        {
            Assert.Throws<ParseException>(() => StrictJsonParser.Parse(text));
        }

        [Test]
        public void ErrorsNameThePosition()
        {
            var error = Assert.Throws<ParseException>(() => StrictJsonParser.Parse("{\"a\" 1}"));
            StringAssert.Contains("expected ':'", error.Message);
            StringAssert.Contains("character 6", error.Message);
        }
    }
}
