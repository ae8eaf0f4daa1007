using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>
    /// A command that answers in a later frame (wait, change_scene, screenshot). The session
    /// asks it once per frame, starting the frame after the command started; requests behind it
    /// wait so that responses stay in request order.
    /// </summary>
    internal interface IPendingReply
    {
        /// <summary>True with the data once finished; throws AgentBridgeException to fail.</summary>
        bool TryFinish(CommandContext context, out JToken data);
    }
}
