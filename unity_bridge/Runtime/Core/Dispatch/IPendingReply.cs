using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>
    /// A command that answers in a later frame (wait, step, change_scene, screenshot, an action
    /// with <c>settled</c>). The session asks it once per frame, starting the frame after the
    /// command started; other requests are started and answered meanwhile.
    /// </summary>
    internal interface IPendingReply
    {
        /// <summary>True with the data once finished; throws AgentBridgeException to fail.</summary>
        bool TryFinish(CommandContext context, out JToken data);
    }

    /// <summary>
    /// A pending reply that must undo something when a <c>cancel</c> request stops it (a step
    /// let the game run: it is paused again).
    /// </summary>
    internal interface ICancellableReply
    {
        /// <summary>Called once when the request is cancelled; its answer is never asked for again.</summary>
        void Cancel(CommandContext context);
    }

    /// <summary>
    /// A pending reply asked after the frame-start hooks (a recording's checkpoint, a replay's
    /// frame) instead of before them, so the frame that finishes it has been played (replay).
    /// </summary>
    internal interface IFrameStartReply
    {
    }
}
