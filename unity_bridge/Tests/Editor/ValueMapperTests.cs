using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentBridgeUnity.Tests.Editor
{
    [TestFixture]
    public class ValueMapperTests
    {
        enum Mode { Idle, Running }

        [Flags]
        enum Layers { None = 0, Ui = 1, World = 2 }

        [Serializable]
        class Score
        {
            public int points = 3;
            public string player = "ada";
        }

        readonly ValueMapper _mapper = new ValueMapper(null, null);

        string Wire(object value)
        {
            return WireJson.Serialize(_mapper.ToWire(value));
        }

        [Test]
        public void PrimitivesGoOutAsTheyAre()
        {
            Assert.AreEqual("null", Wire(null));
            Assert.AreEqual("true", Wire(true));
            Assert.AreEqual("42", Wire(42));
            Assert.AreEqual("\"x\"", Wire("x"));
            Assert.AreEqual("0.1", Wire(0.1f));
        }

        [Test]
        public void NonFiniteFloatsGoOutAsStrings()
        {
            Assert.AreEqual("\"NaN\"", Wire(float.NaN));
            Assert.AreEqual("\"Infinity\"", Wire(double.PositiveInfinity));
            Assert.AreEqual("\"-Infinity\"", Wire(float.NegativeInfinity));
        }

        [Test]
        public void EnumsGoOutByName()
        {
            Assert.AreEqual("\"Running\"", Wire(Mode.Running));
            Assert.AreEqual("\"Ui, World\"", Wire(Layers.Ui | Layers.World));
        }

        [Test]
        public void CollectionsAndDataGoOutAsJson()
        {
            Assert.AreEqual("[1,2]", Wire(new List<int> { 1, 2 }));
            Assert.AreEqual("{\"1\":\"a\"}", Wire(new Dictionary<int, string> { { 1, "a" } }));
            Assert.AreEqual("{\"points\":3,\"player\":\"ada\"}", Wire(new Score()));
            Assert.AreEqual("{\"level\":2}", Wire(new { level = 2 }));
            Assert.AreEqual("{\"class\":\"object\"}", Wire(new object()));
        }

        object From(string json, Type type)
        {
            return _mapper.FromWire(StrictJsonParser.Parse(json), type);
        }

        [Test]
        public void NumbersConvertToTheDeclaredType()
        {
            Assert.AreEqual(3, From("3.0", typeof(int)));
            Assert.AreEqual(2.5f, From("2.5", typeof(float)));
            Assert.AreEqual(float.NaN, From("\"NaN\"", typeof(float)));
            Assert.AreEqual(double.NegativeInfinity, From("\"-Infinity\"", typeof(double)));
            Assert.AreEqual((byte)200, From("200", typeof(byte)));
        }

        [TestCase("3.5", typeof(int), "a whole number")]
        [TestCase("300", typeof(byte), "fits in byte")]
        [TestCase("\"3\"", typeof(int), "a whole number")]
        [TestCase("1", typeof(bool), "true or false")]
        [TestCase("1", typeof(string), "a string")]
        [TestCase("\"fast\"", typeof(float), "a number")]
        [TestCase("[1, \"a\"]", typeof(int[]), "item 1 is a whole number")]
        public void ValuesThatDoNotFitAreRefused(string json, Type type, string expected)
        {
            var error = Assert.Throws<ValueConversionException>(() => From(json, type));
            StringAssert.Contains(expected, error.Expected);
        }

        [Test]
        public void EnumsAcceptNamesCaseInsensitivelyOrNumbers()
        {
            Assert.AreEqual(Mode.Running, From("\"running\"", typeof(Mode)));
            Assert.AreEqual(Mode.Running, From("\"Mode.Running\"", typeof(Mode)));
            Assert.AreEqual(Mode.Idle, From("0", typeof(Mode)));
            Assert.AreEqual(Layers.Ui | Layers.World, From("3", typeof(Layers)));
            Assert.Throws<ValueConversionException>(() => From("7", typeof(Mode)));
            Assert.Throws<ValueConversionException>(() => From("\"Walking\"", typeof(Mode)));
        }

        [Test]
        public void CollectionsConvertItemByItem()
        {
            CollectionAssert.AreEqual(new[] { 1, 2 }, (int[])From("[1, 2.0]", typeof(int[])));
            CollectionAssert.AreEqual(new List<string> { "a" }, (List<string>)From("[\"a\"]", typeof(List<string>)));
            var dictionary = (Dictionary<string, float>)From("{\"a\": 1}", typeof(Dictionary<string, float>));
            Assert.AreEqual(1f, dictionary["a"]);
        }

        [Test]
        public void UntypedTargetsGetPlainValuesWithWholeNumbersAsIntegers()
        {
            var value = (Dictionary<string, object>)From("{\"n\": 2.0, \"list\": [1, \"x\"]}", typeof(object));
            Assert.AreEqual(2L, value["n"]);
            Assert.AreEqual("x", ((List<object>)value["list"])[1]);
        }

        [Test]
        public void ColorsReadEveryAcceptedForm()
        {
            CollectionAssert.AreEqual(new[] { 1f, 0f, 0f, 1f }, ColorJson.Read(new JValue("red")));
            CollectionAssert.AreEqual(new[] { 1f, 0f, 0f, 1f }, ColorJson.Read(new JValue("#f00")));
            CollectionAssert.AreEqual(new[] { 0f, 1f, 0f, 1f }, ColorJson.Read(new JValue("#00ff00")));
            CollectionAssert.AreEqual(new[] { 0f, 0f, 1f, 0f }, ColorJson.Read(new JValue("#0000ff00")));
            CollectionAssert.AreEqual(new[] { 0.5f, 0.25f, 0f, 1f }, ColorJson.Read(JArray.Parse("[0.5, 0.25, 0]")));
            CollectionAssert.AreEqual(new[] { 1f, 1f, 1f, 0.5f },
                ColorJson.Read(JObject.Parse("{\"r\": 1, \"g\": 1, \"b\": 1, \"a\": 0.5}")));
            Assert.Throws<ValueConversionException>(() => ColorJson.Read(new JValue("#12345")));
            Assert.Throws<ValueConversionException>(() => ColorJson.Read(new JValue("reddish")));
        }

        [Test]
        public void ColorsGoOutWithHtml()
        {
            JObject color = ColorJson.Write(1, 0, 0, 1);
            Assert.AreEqual("#ff0000ff", (string)color["html"]);
            Assert.AreEqual(1.0, (double)color["r"]);
        }

        [Test]
        public void VectorsReadObjectsOrArrays()
        {
            CollectionAssert.AreEqual(new[] { 1.0, 2.0, 3.0 },
                VectorJson.Read(JObject.Parse("{\"x\": 1, \"y\": 2, \"z\": 3}"), VectorJson.XYZ));
            CollectionAssert.AreEqual(new[] { 1.0, 2.0 }, VectorJson.Read(JArray.Parse("[1, 2]"), VectorJson.XY));
            Assert.Throws<ValueConversionException>(() => VectorJson.Read(JArray.Parse("[1, 2]"), VectorJson.XYZ));
            Assert.Throws<ValueConversionException>(() => VectorJson.ReadInts(JArray.Parse("[1.5, 2]"), VectorJson.XY));
            Assert.AreEqual("{\"x\":\"NaN\",\"y\":0.5}", WireJson.Serialize(VectorJson.Write(VectorJson.XY, float.NaN, 0.5f)));
        }
    }
}
