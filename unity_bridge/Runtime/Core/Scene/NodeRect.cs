using System.Collections.Generic;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Scene
{
    /// <summary>
    /// A node's screen rect (its <c>rect</c> field) as x, y, w, h with the origin at the top left,
    /// or null.
    /// </summary>
    internal static class NodeRect
    {
        public static double[] Of(TreeNode node, ValueMapper values)
        {
            var fields = new NodeFields();
            node.Source.Describe(fields);
            foreach (KeyValuePair<string, object> field in fields.Items)
            {
                if (field.Key != "rect")
                    continue;
                JToken wire = values.ToWire(field.Value);
                try
                {
                    return VectorJson.Read(wire, VectorJson.Rect);
                }
                catch (ValueConversionException)
                {
                    return null;
                }
            }
            return null;
        }
    }
}
