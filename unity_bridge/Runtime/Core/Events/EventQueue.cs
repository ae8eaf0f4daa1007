using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Events
{
    /// <summary>
    /// The bounded queue of events waiting for the next response. <c>seq</c> starts at 1 and
    /// strictly increases for the life of the process; when the queue is full the oldest event
    /// is dropped and counted, so a client sees both the gap and <c>dropped_events</c>.
    /// Safe to push from any thread.
    /// </summary>
    internal sealed class EventQueue
    {
        readonly object _lock = new object();
        readonly Queue<JObject> _events = new Queue<JObject>();
        readonly Dictionary<string, long> _lastSeq = new Dictionary<string, long>();
        readonly int _capacity;
        long _nextSeq = 1;
        long _dropped;

        public EventQueue(int capacity)
        {
            _capacity = capacity;
        }

        /// <summary>Called with each event queued (an annotated recording notes the controls' events).</summary>
        public event Action<JObject> Pushed;

        /// <summary>Queues an event; returns its seq.</summary>
        public long Push(string type, string source, JArray args, long frame)
        {
            JObject pushed;
            long seq;
            lock (_lock)
            {
                var item = new JObject();
                item["type"] = type;
                item["seq"] = _nextSeq;
                item["frame"] = frame;
                item["source"] = source == null ? JValue.CreateNull() : new JValue(source);
                item["args"] = args ?? new JArray();
                _events.Enqueue(item);
                _lastSeq[type ?? ""] = _nextSeq;
                if (_events.Count > _capacity)
                {
                    _events.Dequeue();
                    _dropped++;
                }
                pushed = item;
                seq = _nextSeq++;
            }
            Action<JObject> listener = Pushed;
            if (listener != null)
                listener(pushed);
            return seq;
        }

        /// <summary>The seq of the newest event of <paramref name="type"/> ever queued; 0 for none.</summary>
        public long LastSeqOf(string type)
        {
            lock (_lock)
            {
                long seq;
                return _lastSeq.TryGetValue(type ?? "", out seq) ? seq : 0;
            }
        }

        /// <summary>
        /// Takes every queued event, oldest first, and the number dropped since the last drain.
        /// </summary>
        public EventBatch Drain()
        {
            lock (_lock)
            {
                var batch = new EventBatch(new JArray(_events.ToArray()), _dropped);
                _events.Clear();
                _dropped = 0;
                return batch;
            }
        }
    }
}
