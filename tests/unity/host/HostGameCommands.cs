using System;
using System.Collections.Generic;
using AgentBridgeUnity;
using AgentBridgeUnity.Tests.Synthetic;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Host
{
    /// <summary>
    /// The host's game-side registrations, made through the public AgentBridge API exactly as a
    /// Unity game would: a few commands and a state callback.
    /// </summary>
    internal static class HostGameCommands
    {
        public static void Register(SyntheticEngine engine)
        {
            int echoes = 0;
            AgentBridge.RegisterCommand("echo", args =>
            {
                echoes++;
                var texts = new List<string>();
                for (int i = 0; i < (int)args["times"]; i++)
                    texts.Add((string)args["text"]);
                return new Dictionary<string, object> { { "texts", texts }, { "count", echoes } };
            }, JObject.Parse(@"{
                ""text"": {""type"": ""string"", ""description"": ""what to echo""},
                ""times"": {""type"": ""integer"", ""default"": 1, ""minimum"": 1}
            }"), "Echo a text a number of times.");

            AgentBridge.RegisterCommand("fail_with", args =>
            {
                throw AgentBridge.Fail((string)args["code"], (string)args["message"]);
            }, JObject.Parse(@"{""code"": {""type"": ""string""}, ""message"": {""type"": ""string""}}"),
                "Fail with the given protocol error code, as a game handler can.");

            AgentBridge.RegisterCommand("crash", args =>
            {
                throw new InvalidOperationException("the game's handler broke");
            }, null, "A handler that raises an ordinary exception (answered as INTERNAL).");

            AgentBridge.RegisterCommand("animate", args =>
            {
                SynMover mover = FindMover(engine);
                if (mover == null)
                    throw AgentBridge.Fail(ErrorCodes.NotFound, "The current scene has nothing to animate; change to Lab.");
                mover.framesLeft = (int)args["frames"];
                return new { animating = mover.framesLeft };
            }, JObject.Parse(@"{""frames"": {""type"": ""integer"", ""minimum"": 1}}"),
                "Start the Lab scene's Spinner moving for a number of frames.");

            AgentBridge.RegisterCommand("emit", args =>
            {
                AgentBridge.EmitEvent((string)args["type"], args["payload"], "/root");
                return null;
            }, JObject.Parse(@"{""type"": {""type"": ""string""}, ""payload"": {""type"": ""any"", ""optional"": true}}"),
                "Queue a game event through AgentBridge.Emit.");

            AgentBridge.RegisterState(() => new
            {
                scene = engine.Root.ChildNodes.Count > 0 ? engine.Root.ChildNodes[0].Name : null,
                frame = engine.Frame,
                echoes,
            });
        }

        static SynMover FindMover(SyntheticEngine engine)
        {
            List<SynMover> movers = SyntheticScenes.Movers(engine.Root.ChildNodes);
            return movers.Count > 0 ? movers[0] : null;
        }
    }
}
