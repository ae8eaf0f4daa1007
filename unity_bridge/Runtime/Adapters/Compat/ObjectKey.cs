using System;
#if AGENT_BRIDGE_ENTITY_ID
using ObjectId = UnityEngine.EntityId;
#else
using ObjectId = System.Int32;
#endif

namespace AgentBridgeUnity.Adapters.Compat
{
    /// <summary>
    /// The identity of a live engine object, usable as a dictionary or set key. Unity 6000.2 and
    /// newer give objects an <c>EntityId</c> (<c>GetEntityId</c>), and 6000.5 makes
    /// <c>GetInstanceID</c> an error; older versions only have <c>GetInstanceID</c>. The
    /// assembly's version define <c>AGENT_BRIDGE_ENTITY_ID</c> picks the one that exists.
    /// </summary>
    internal struct ObjectKey : IEquatable<ObjectKey>
    {
        readonly ObjectId _id;

        ObjectKey(ObjectId id)
        {
            _id = id;
        }

        public static ObjectKey Of(UnityEngine.Object target)
        {
            if (ReferenceEquals(target, null))
                throw new ArgumentNullException("target");
#if AGENT_BRIDGE_ENTITY_ID
            return new ObjectKey(target.GetEntityId());
#else
            return new ObjectKey(target.GetInstanceID());
#endif
        }

        public bool Equals(ObjectKey other)
        {
            return _id.Equals(other._id);
        }

        public override bool Equals(object obj)
        {
            return obj is ObjectKey && Equals((ObjectKey)obj);
        }

        public override int GetHashCode()
        {
            return _id.GetHashCode();
        }

        public override string ToString()
        {
            return _id.ToString();
        }
    }
}
