using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Protocol;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class RequestParserTests
    {
        static ParsedLine Parse(string text)
        {
            return RequestParser.Parse(RawLine.Text(text));
        }

        [Test]
        public void ReadsIdCommandAndArgs()
        {
            ParsedLine parsed = Parse("{\"id\": 7, \"cmd\": \"press\", \"args\": {\"path\": \"/root/A\"}}");
            Assert.IsNull(parsed.Error);
            Assert.AreEqual(JTokenType.Integer, parsed.Request.Id.Type);
            Assert.AreEqual("press", parsed.Request.Command);
            Assert.AreEqual("/root/A", (string)parsed.Request.Args["path"]);
        }

        [Test]
        public void StringIdsAndMissingArgsAreFine()
        {
            ParsedLine parsed = Parse("{\"id\": \"123-4\", \"cmd\": \"hello\"}");
            Assert.AreEqual("123-4", (string)parsed.Request.Id);
            Assert.AreEqual(0, parsed.Request.Args.Count);
        }

        [Test]
        public void AWholeFloatIdComesBackAsAnInteger()
        {
            ParsedLine parsed = Parse("{\"id\": 7.0, \"cmd\": \"hello\"}");
            Assert.AreEqual(JTokenType.Integer, parsed.Request.Id.Type);
            Assert.AreEqual("7", WireJson.Serialize(parsed.Request.Id));
        }

        [TestCase("{\"id\": 1.5, \"cmd\": \"hello\"}")]
        [TestCase("{\"id\": true, \"cmd\": \"hello\"}")]
        [TestCase("{\"id\": null, \"cmd\": \"hello\"}")]
        [TestCase("{\"cmd\": \"hello\"}")]
        [TestCase("[1]")]
        [TestCase("\"hello\"")]
        public void InvalidRequestsWithoutAUsableId(string line)
        {
            ParsedLine parsed = Parse(line);
            Assert.AreEqual(ErrorCode.InvalidRequest, parsed.Error.Code);
            Assert.AreEqual(JTokenType.Null, parsed.Id.Type);
        }

        [TestCase("{\"id\": 3, \"cmd\": 5}")]
        [TestCase("{\"id\": 3}")]
        [TestCase("{\"id\": 3, \"cmd\": \"hello\", \"args\": [1]}")]
        public void InvalidRequestsKeepTheirId(string line)
        {
            ParsedLine parsed = Parse(line);
            Assert.AreEqual(ErrorCode.InvalidRequest, parsed.Error.Code);
            Assert.AreEqual(3, (int)parsed.Id);
        }

        [Test]
        public void ALineThatIsNotJsonKeepsOnlyACompleteId()
        {
            ParsedLine parsed = Parse("{\"id\": \"a-1\", \"cmd\": \"hel");
            Assert.AreEqual(ErrorCode.ParseError, parsed.Error.Code);
            Assert.AreEqual("a-1", (string)parsed.Id);
            parsed = Parse("{\"id\": \"a-");
            Assert.AreEqual(ErrorCode.ParseError, parsed.Error.Code);
            Assert.AreEqual(JTokenType.Null, parsed.Id.Type);
        }

        [Test]
        public void ARefusedLineIsAnsweredWithItsRefusalAndId()
        {
            ParsedLine parsed = RequestParser.Parse(RawLine.Refused(new ParseException("not UTF-8"), new JValue(4)));
            Assert.AreEqual(ErrorCode.ParseError, parsed.Error.Code);
            Assert.AreEqual(4, (int)parsed.Id);
            parsed = RequestParser.Parse(RawLine.Refused(new InvalidRequestException("too long"), null));
            Assert.AreEqual(ErrorCode.InvalidRequest, parsed.Error.Code);
            Assert.AreEqual(JTokenType.Null, parsed.Id.Type);
        }

        [Test]
        public void NestingDeeperThan64LevelsIsInvalidArgsWithTheId()
        {
            string deep = new string('[', 64) + new string(']', 64);
            ParsedLine parsed = Parse("{\"id\": 5, \"cmd\": \"hello\", \"args\": {\"x\": " + deep + "}}");
            Assert.AreEqual(ErrorCode.InvalidArgs, parsed.Error.Code);
            Assert.AreEqual(5, (int)parsed.Id);
            StringAssert.Contains("deeper than 64", parsed.Error.Message);
        }

        [Test]
        public void SixtyFourLevelsAreStillARequest()
        {
            string nested = new string('[', 63) + new string(']', 63);
            ParsedLine parsed = Parse("{\"id\": 5, \"cmd\": \"hello\", \"args\": {\"x\": " + nested + "}}");
            Assert.IsNull(parsed.Error);
        }

        [Test]
        public void ADeepLineThatIsNotJsonIsAParseError()
        {
            string broken = new string('[', 5000) + "1,]" + new string(']', 4999);
            ParsedLine parsed = Parse("{\"id\": 5, \"x\": " + broken + "}");
            Assert.AreEqual(ErrorCode.ParseError, parsed.Error.Code);
        }

        [Test]
        public void AMillionLevelsCostNoCallStack()
        {
            string deep = new string('[', 1000000) + new string(']', 1000000);
            ParsedLine parsed = Parse("{\"id\": 6, \"cmd\": \"hello\", \"args\": {\"x\": " + deep + "}}");
            Assert.AreEqual(ErrorCode.InvalidArgs, parsed.Error.Code);
            Assert.AreEqual(6, (int)parsed.Id);
        }
    }
}
