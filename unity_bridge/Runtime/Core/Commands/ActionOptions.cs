using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// The action options of press, click, fill, hover, drag and input (docs/PROTOCOL.md, section 5): <c>settled</c>
    /// answers only once the game is settled (TIMEOUT past <c>timeout_ms</c>), <c>snapshot</c>
    /// adds a fresh snapshot of the new state; the data always has <c>changes</c>.
    /// </summary>
    internal static class ActionOptions
    {
        const int QuietFrames = 2;

        public static ArgsSchema AddTo(ArgsSchema schema)
        {
            return schema
                .Add("settled", ArgSpec.Of("boolean", "answer only once the game is settled").WithDefault(false))
                .Add("snapshot", ArgSpec.Of("boolean", "include a snapshot of the new state (refs renumbered)")
                    .WithDefault(false))
                .Add("timeout_ms", ArgSpec.Of("integer", "how long settling may take").WithDefault(5000).WithMinimum(0));
        }

        /// <summary>
        /// The reply for an action that produced <paramref name="data"/>, honouring the options;
        /// <paramref name="before"/> holds the tree's paths from before the action, for <c>changes</c>;
        /// when given, the answer also waits for <paramref name="delivered"/> (input on its way).
        /// </summary>
        public static CommandReply Finish(CommandContext context, JObject args, JObject data, HashSet<string> before,
            Func<bool> delivered = null)
        {
            bool withSnapshot = (bool)args["snapshot"];
            Func<CommandContext, JObject> complete = now =>
            {
                data["changes"] = TreeChanges.Between(before, TreeChanges.Paths(now.Tree));
                if (withSnapshot)
                    data["snapshot"] = SnapshotData.Take(now);
                return data;
            };
            bool settled = (bool)args["settled"];
            if (!settled && (delivered == null || delivered()))
                return CommandReply.Now(complete(context));
            long timeoutMs = (long)args["timeout_ms"];
            return CommandReply.Later(new SettledWait(settled ? QuietFrames : 0, context.Engine.NowMs + timeoutMs, timeoutMs,
                (later, frames) => complete(later), "The action ran, but the game did not settle within {0} ms ({1}).",
                delivered));
        }
    }
}
