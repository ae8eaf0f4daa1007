using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Values
{
    /// <summary>
    /// Converts engine values to wire JSON and JSON to a target's declared type
    /// (docs/PROTOCOL.md, section 4), with the engine's converters for its own types.
    /// </summary>
    internal sealed class ValueMapper
    {
        readonly IReadOnlyList<IWireConverter> _converters;

        public ValueMapper(IReadOnlyList<IWireConverter> converters, INodeResolver nodes)
        {
            _converters = converters ?? new IWireConverter[0];
            Nodes = nodes;
        }

        /// <summary>Resolves object references; may be null when no tree is at hand.</summary>
        public INodeResolver Nodes { get; private set; }

        public JToken ToWire(object value)
        {
            return ValueToWire.Convert(value, this, 0);
        }

        /// <summary>The value for <paramref name="type"/>; throws ValueConversionException.</summary>
        public object FromWire(JToken json, Type type)
        {
            return ValueFromWire.Convert(json, type, this);
        }

        internal IWireConverter ConverterFor(Type type)
        {
            foreach (IWireConverter converter in _converters)
            {
                if (converter.CanConvert(type))
                    return converter;
            }
            return null;
        }
    }
}
