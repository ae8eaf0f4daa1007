using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// The bridge's own commands (docs/PROTOCOL.md, section 5, plus snapshot, click,
    /// screenshot, hover, drag and input; section 8: time, hold, input_sequence, digest, recording,
    /// replay and reset_game).
    /// </summary>
    internal static class BuiltinCommands
    {
        public static List<IBridgeCommand> Create()
        {
            return new List<IBridgeCommand>
            {
                new HelloCommand(), new GetTreeCommand(), new GetNodeCommand(), new GetPropertyCommand(),
                new SetPropertyCommand(), new CallMethodCommand(), new GetSignalsCommand(), new PressCommand(),
                new ClickCommand(), new FillCommand(), new GetEventsCommand(), new WaitCommand(),
                new GetStateCommand(), new ListActionsCommand(), new ChangeSceneCommand(), new QuitCommand(),
                new SnapshotCommand(), new ScreenshotCommand(), new HoverCommand(), new DragCommand(),
                new InputCommand(), new SetTimeScaleCommand(), new PauseCommand(), new ResumeCommand(),
                new StepCommand(), new StepUntilCommand(), new CancelCommand(), new SelectCommand(), new SetValueCommand(),
                new HoldCommand(), new InputSequenceCommand(), new DigestCommand(), new RecordStartCommand(),
                new RecordStopCommand(), new ReplayCommand(), new ResetGameCommand(),
            };
        }

        static HashSet<string> _names;

        public static bool IsBuiltin(string name)
        {
            if (_names == null)
            {
                var names = new HashSet<string>();
                foreach (IBridgeCommand command in Create())
                    names.Add(command.Name);
                _names = names;
            }
            return _names.Contains(name);
        }
    }
}
