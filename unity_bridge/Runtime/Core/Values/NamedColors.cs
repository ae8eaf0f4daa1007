using System;
using System.Collections.Generic;

namespace AgentBridgeUnity.Core.Values
{
    /// <summary>The color names accepted on the wire (case-insensitive), as 0xRRGGBBAA.</summary>
    internal static class NamedColors
    {
        static readonly Dictionary<string, uint> Colors = new Dictionary<string, uint>(StringComparer.OrdinalIgnoreCase)
        {
            { "black", 0x000000ff }, { "white", 0xffffffff }, { "red", 0xff0000ff },
            { "green", 0x00ff00ff }, { "blue", 0x0000ffff }, { "yellow", 0xffff00ff },
            { "cyan", 0x00ffffff }, { "magenta", 0xff00ffff }, { "gray", 0x808080ff },
            { "grey", 0x808080ff }, { "orange", 0xffa500ff }, { "purple", 0x800080ff },
            { "pink", 0xffc0cbff }, { "brown", 0xa52a2aff }, { "transparent", 0x00000000 },
            { "clear", 0x00000000 },
        };

        public static bool TryGet(string name, out uint rgba)
        {
            return Colors.TryGetValue(name, out rgba);
        }
    }
}
