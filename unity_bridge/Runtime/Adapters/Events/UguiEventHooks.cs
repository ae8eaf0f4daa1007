using System;
using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Compat;
using AgentBridgeUnity.Adapters.Reflection;
using UnityEngine;
using UnityEngine.UI;

namespace AgentBridgeUnity.Adapters.Events
{
    /// <summary>
    /// Turns the UnityEvents of every active Selectable (buttons, toggles, sliders, fields...) into
    /// protocol events, whoever triggers them: the bridge, the game or a player. New selectables
    /// are picked up whenever <see cref="Scan"/> runs; each is hooked once.
    /// </summary>
    internal sealed class UguiEventHooks
    {
        readonly HashSet<ObjectKey> _hooked = new HashSet<ObjectKey>();
        readonly Action<string, GameObject, object[]> _emit;

        /// <param name="emit">Queues an event: type, the GameObject it comes from, its arguments.</param>
        public UguiEventHooks(Action<string, GameObject, object[]> emit)
        {
            _emit = emit;
        }

        public void Scan()
        {
            foreach (Selectable selectable in Selectable.allSelectablesArray)
            {
                if (selectable == null || !_hooked.Add(ObjectKey.Of(selectable)))
                    continue;
                foreach (var pair in UnityEventMembers.Of(selectable))
                {
                    string type = UnityEventNames.For(selectable, pair.Key);
                    GameObject source = selectable.gameObject;
                    UnityEventRelay.Listen(pair.Value, args => _emit(type, source, args));
                }
            }
        }
    }
}
