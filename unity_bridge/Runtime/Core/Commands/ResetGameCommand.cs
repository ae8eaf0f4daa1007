using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// reset_game: the game as it was launched, from the same warm engine (docs/PROTOCOL.md, "A
    /// fresh game without a relaunch"). At once, within the request: the input the bridge left
    /// down is released, the event queue emptied, the loaded scenes' objects and the game's
    /// persistent objects destroyed (so none of the game's code runs another frame), the game's
    /// registrations forgotten, settings restored, static fields set back, the random generator
    /// seeded again and the game's start-up code run again; then the scene loads (Unity loads a
    /// scene in a later frame) and, once it is there, the game's after-load start-up runs and the
    /// clock is back at frame 0, held in lockstep as after a launch (even after resume). Answers <c>{"scene", "autoloads", "statics", "settings_restored",
    /// "inputs_released", "orphans_freed", "frame": 0}</c>; the events the fresh game sends while it
    /// starts come with the answer.
    /// </summary>
    internal sealed class ResetGameCommand : BridgeCommand
    {
        public ResetGameCommand() : base("reset_game",
            "Put the game back as it was launched (the scene, persistent objects, statics, start-up code, settings, "
            + "input, time and seed) without relaunching it.",
            new ArgsSchema().Add("scene", ArgSpec.Of("string",
                "a scene name or its Build Settings path to start on (default: the build's first scene)").AsOptional()))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            IGameReset reset = context.Engine.GameReset;
            ISceneLoader scenes = context.Engine.Scenes;
            if (reset == null || scenes == null)
                throw new UnsupportedException("This engine host cannot reset a game: launch it again.");
            if (context.Replays.Recording || context.Replays.Replaying)
                throw new InvalidArgsException("A recording or a replay is running, and a reset would take its frames back to 0: "
                    + "send record_stop (or let the replay end) first.");
            IReadOnlyList<string> build = scenes.BuildScenes;
            if (build.Count == 0)
                throw new InvalidArgsException("The build has no scenes to start on: add them in the Build Settings.");
            int index = args["scene"] == null ? 0 : BuildScenes.Find((string)args["scene"], build);
            context.Events.Drain();
            int released = context.Engine.Input == null ? 0 : context.Engine.Input.ReleaseAll();
            context.Clock.Restart();
            var done = new JObject();
            done["scene"] = build[index];
            done["orphans_freed"] = reset.DestroyGameObjects();
            context.Registry.ClearGame();
            done["settings_restored"] = reset.RestoreSettings();
            done["statics"] = reset.ResetStatics(context.Registry.KeptStatics());
            context.Engine.TimeControl.Seed(context.Clock.Settings.Seed);
            var startup = new JArray();
            foreach (string name in reset.RunStartup(false))
                startup.Add(name);
            done["autoloads"] = startup;
            done["inputs_released"] = released;
            return CommandReply.Later(new Reload(reset, reset.LoadScene(index), done));
        }

        /// <summary>Answers once the scene is loaded: the after-load start-up runs and the clock is at frame 0 (and held) again.</summary>
        sealed class Reload : IPendingReply
        {
            readonly IGameReset _reset;
            readonly IPendingSceneLoad _load;
            readonly JObject _done;

            public Reload(IGameReset reset, IPendingSceneLoad load, JObject done)
            {
                _reset = reset;
                _load = load;
                _done = done;
            }

            public bool TryFinish(CommandContext context, out JToken data)
            {
                data = null;
                if (!_load.IsDone)
                    return false;
                var startup = (JArray)_done["autoloads"];
                foreach (string name in _reset.RunStartup(true))
                    startup.Add(name);
                context.Clock.Restart();
                _done["frame"] = context.Clock.Frame;
                data = _done;
                return true;
            }
        }
    }
}
