using System;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Values
{
    /// <summary>
    /// Converts one family of engine types (vectors, colors, engine objects...) to and from wire
    /// JSON. The core knows .NET types; engine adapters add converters for their own types.
    /// </summary>
    internal interface IWireConverter
    {
        bool CanConvert(Type type);

        JToken ToWire(object value, ValueMapper mapper);

        /// <summary>The engine value; throws ValueConversionException when the JSON does not fit.</summary>
        object FromWire(JToken json, Type type, ValueMapper mapper);
    }
}
