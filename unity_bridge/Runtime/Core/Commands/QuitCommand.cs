using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class QuitCommand : BridgeCommand
    {
        public QuitCommand() : base("quit", "Quit the game after answering.",
            new ArgsSchema().Add("exit_code", ArgSpec.Of("integer", "the process exit code").WithDefault(0)))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            int exitCode = (int)args["exit_code"];
            IEngineHost engine = context.Engine;
            return CommandReply.Now(new JObject(new JProperty("quitting", true))).Then(() => engine.Quit(exitCode)).EndingSession();
        }
    }
}
