using System.Collections.Generic;
using AgentBridgeUnity.Core.Keys;

namespace AgentBridgeUnity.Adapters.Services
{
    /// <summary>How keys and input actions reach the game: the Input System, or the EventSystem without it.</summary>
    internal interface IKeyDriver
    {
        void Key(KeyName key, IList<KeyName> modifiers, bool? pressed);

        void Action(string action, bool? pressed, double strength);

        /// <summary>True while sent input has not reached the game yet.</summary>
        bool Pending { get; }

        /// <summary>Called once a frame, before the bridge answers: sends a tap's release.</summary>
        void Update();
    }
}
