using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Dispatch
{
    /// <summary>One command of the dispatch table, built into the bridge or registered by the game.</summary>
    internal interface IBridgeCommand
    {
        string Name { get; }
        string Description { get; }
        ArgsSchema Schema { get; }

        /// <summary><c>bridge</c> or <c>game</c>, as <c>hello</c> lists it.</summary>
        string Source { get; }

        /// <summary>Runs the command on validated args; throws AgentBridgeException to fail.</summary>
        CommandReply Execute(CommandContext context, JObject args);
    }
}
