using System;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>The synthetic engine's one engine type, converted as a vector.</summary>
    internal sealed class SynVectorConverter : IWireConverter
    {
        public bool CanConvert(Type type)
        {
            return type == typeof(SynVector);
        }

        public JToken ToWire(object value, ValueMapper mapper)
        {
            var vector = (SynVector)value;
            return VectorJson.Write(VectorJson.XY, vector.x, vector.y);
        }

        public object FromWire(JToken json, Type type, ValueMapper mapper)
        {
            double[] xy = VectorJson.Read(json, VectorJson.XY);
            return new SynVector { x = (float)xy[0], y = (float)xy[1] };
        }
    }
}
