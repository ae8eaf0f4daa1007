using System.Collections.Generic;

namespace AgentBridgeUnity
{
    /// <summary>
    /// The per-type fields of one node in get_tree and get_node (<c>text</c>, <c>disabled</c>,
    /// <c>rect</c>, <c>value</c>, <c>props</c>...), kept in the order they were set. Values are
    /// engine values; the bridge converts them to JSON.
    /// </summary>
    public sealed class NodeFields
    {
        readonly List<KeyValuePair<string, object>> _items = new List<KeyValuePair<string, object>>();

        /// <summary>Sets a field, replacing an earlier value of the same key in place.</summary>
        public void Set(string key, object value)
        {
            for (int i = 0; i < _items.Count; i++)
            {
                if (_items[i].Key == key)
                {
                    _items[i] = new KeyValuePair<string, object>(key, value);
                    return;
                }
            }
            _items.Add(new KeyValuePair<string, object>(key, value));
        }

        internal IReadOnlyList<KeyValuePair<string, object>> Items
        {
            get { return _items; }
        }
    }
}
