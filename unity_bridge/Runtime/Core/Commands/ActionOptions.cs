using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Snapshot;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// The action options of press, click, fill, hover, drag, input, select and set_value
    /// (docs/PROTOCOL.md, section 5): <c>settled</c> answers only once the game is settled
    /// (TIMEOUT past <c>timeout_ms</c>); <c>snapshot</c> adds a snapshot of the new state,
    /// compact for <c>true</c>, or taken with the snapshot options it holds
    /// (<c>{"interactive": true, "since": 12}</c>); the data always has <c>changes</c>.
    /// </summary>
    internal static class ActionOptions
    {
        const int QuietFrames = 2;

        public static ArgsSchema AddTo(ArgsSchema schema)
        {
            return schema
                .Add("settled", ArgSpec.Of("boolean", "answer only once the game is settled").WithDefault(false))
                .Add("snapshot", ArgSpec.Of(ArgSpec.Any,
                    "true, or snapshot options ({interactive, compact, since, max_depth}): answer with a snapshot "
                    + "of the new state (compact by default)").WithDefault(false))
                .Add("timeout_ms", Limits.TimeoutMs("how long settling may take"));
        }

        /// <summary>
        /// The snapshot the action's <c>snapshot</c> option asks for, or null for none; checked
        /// before the action runs, so a wrong option changes nothing.
        /// </summary>
        public static SnapshotOptions SnapshotAsked(JObject args)
        {
            JToken asked = args["snapshot"];
            if (asked.Type == JTokenType.Boolean)
                return (bool)asked ? new SnapshotOptions { Compact = true } : null;
            if (asked.Type != JTokenType.Object)
                throw new InvalidArgsException("snapshot is true, false or an object of snapshot options.");
            JObject options = ArgsValidator.Validate("the snapshot option", SnapshotData.OptionsSchema(), (JObject)asked);
            return SnapshotData.OptionsFrom(options);
        }

        /// <summary>
        /// The reply for an action that produced <paramref name="data"/>, honouring the options;
        /// <paramref name="before"/> holds the tree's paths from before the action, for <c>changes</c>;
        /// when given, the answer also waits for <paramref name="delivered"/> (input on its way).
        /// </summary>
        public static CommandReply Finish(CommandContext context, JObject args, JObject data, HashSet<string> before,
            SnapshotOptions snapshot, Func<bool> delivered = null)
        {
            Func<CommandContext, JObject> complete = now =>
            {
                data["changes"] = TreeChanges.Between(before, TreeChanges.Paths(now.Tree));
                if (snapshot != null)
                    data["snapshot"] = SnapshotData.Take(now, snapshot);
                return data;
            };
            bool settled = (bool)args["settled"];
            if (!settled && (delivered == null || delivered()))
                return CommandReply.Now(complete(context));
            Deadline deadline = Deadline.Start(context, (long)args["timeout_ms"]);
            return CommandReply.Later(new SettledWait(settled ? QuietFrames : 0, deadline,
                (later, frames) => complete(later), "The action ran, but the game did not settle within {0} ({1}).",
                delivered));
        }
    }
}
