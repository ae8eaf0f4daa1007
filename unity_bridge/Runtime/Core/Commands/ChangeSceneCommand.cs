using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class ChangeSceneCommand : BridgeCommand
    {
        public ChangeSceneCommand() : base("change_scene",
            "Load a scene by name (or by its path in the build); answers once it is loaded and active.",
            new ArgsSchema().Add("path", ArgSpec.Of("string", "a scene name, or its path such as Assets/Scenes/Menu.unity")))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            if (context.Engine.Scenes == null)
                throw new UnsupportedException("This engine host cannot change scenes.");
            IPendingSceneLoad load = context.Engine.Scenes.Load((string)args["path"]);
            return CommandReply.Later(new SceneChange(load));
        }

        /// <summary>Answers once the engine reports the scene loaded.</summary>
        sealed class SceneChange : IPendingReply
        {
            readonly IPendingSceneLoad _load;

            public SceneChange(IPendingSceneLoad load)
            {
                _load = load;
            }

            public bool TryFinish(CommandContext context, out JToken data)
            {
                data = null;
                if (!_load.IsDone)
                    return false;
                var result = new JObject();
                result["scene"] = _load.Scene;
                result["root"] = PathNames.RootPath + "/" + PathNames.Escape(_load.SceneName);
                data = result;
                return true;
            }
        }
    }
}
