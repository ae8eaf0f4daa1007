using AgentBridgeUnity.Adapters.Values;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEngine;

namespace AgentBridgeUnity.Tests.Runtime
{
    /// <summary>
    /// Unity value types on the wire. Needs Unity (UnityEngine structs); runs in the Test Runner.
    /// </summary>
    [TestFixture]
    public class UnityValueConverterTests
    {
        readonly ValueMapper _mapper = new ValueMapper(
            new IWireConverter[] { new UnityVectorConverter(), new UnityColorConverter(), new UnityRectConverter() }, null);

        [Test]
        public void VectorsGoOutAsObjectsAndComeBackFromArrays()
        {
            Assert.AreEqual("{\"x\":1.0,\"y\":2.5,\"z\":-3.0}", WireJson.Serialize(_mapper.ToWire(new Vector3(1, 2.5f, -3))));
            Assert.AreEqual(new Vector3(1, 2, 3), _mapper.FromWire(JArray.Parse("[1, 2, 3]"), typeof(Vector3)));
            Assert.AreEqual(new Vector2Int(4, 5), _mapper.FromWire(JObject.Parse("{\"x\": 4, \"y\": 5}"), typeof(Vector2Int)));
        }

        [Test]
        public void ColorsGoOutWithHtmlAndComeBackFromNames()
        {
            JToken wire = _mapper.ToWire(Color.red);
            Assert.AreEqual("#ff0000ff", (string)wire["html"]);
            Assert.AreEqual(Color.green, _mapper.FromWire(new JValue("green"), typeof(Color)));
            Assert.AreEqual(new Color32(255, 0, 0, 255), _mapper.FromWire(new JValue("#f00"), typeof(Color32)));
        }

        [Test]
        public void RectsUseXYWH()
        {
            Assert.AreEqual(new Rect(1, 2, 3, 4), _mapper.FromWire(JArray.Parse("[1, 2, 3, 4]"), typeof(Rect)));
            Assert.AreEqual(3.0, (double)_mapper.ToWire(new Rect(1, 2, 3, 4))["w"]);
        }

        [Test]
        public void WrongShapesAreRefused()
        {
            Assert.Throws<ValueConversionException>(() => _mapper.FromWire(JArray.Parse("[1, 2]"), typeof(Vector3)));
            Assert.Throws<ValueConversionException>(() => _mapper.FromWire(new JValue("bluish"), typeof(Color)));
        }
    }
}
