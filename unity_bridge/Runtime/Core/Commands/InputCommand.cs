using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Keys;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class InputCommand : NodeActionCommand
    {
        static readonly string[] Kinds = { "action", "key", "text", "wheel" };

        public InputCommand() : base("input", "Send an input action, a key, typed text or wheel steps.",
            new ArgsSchema()
                .Add("action", ArgSpec.Of("string", "an input action (Unity: an enabled Input System action, Map/Name or Name)").AsOptional())
                .Add("key", ArgSpec.Of("string", "a key name: Enter, A, F5").AsOptional())
                .Add("text", ArgSpec.Of("string", "typed into the focus").AsOptional())
                .Add("wheel", ArgSpec.Of("integer", "+up / -down steps").AsOptional())
                .Add("pressed", ArgSpec.Of("boolean", "press or release only; omitted: a tap (press, then release)")
                    .AsOptional())
                .Add("strength", ArgSpec.Of("number").WithDefault(1.0).Within(0, 1))
                .Add("modifiers", ArgSpec.Of("array").WithDefault(new JArray())
                    .WithItems(ArgSpec.Of("string").WithEnum(new JArray("ctrl", "shift", "alt", "meta"))))
                .Add("x", Limits.Coordinate("screen x of the wheel"))
                .Add("y", Limits.Coordinate("screen y of the wheel")))
        {
        }

        protected override JObject Act(CommandContext context, JObject args)
        {
            string kind = ArgsValidator.OneOf(args, Kinds, "input takes exactly one of action, key, text or wheel.");
            IPlayerInput input = PointerTargets.Input(context);
            bool? pressed = args["pressed"] == null ? (bool?)null : (bool)args["pressed"];
            var data = new JObject();
            switch (kind)
            {
                case "action":
                    string action = (string)args["action"];
                    input.Action(action, pressed, (double)args["strength"]);
                    data["action"] = action;
                    if (pressed.HasValue)
                        data["pressed"] = pressed.Value;
                    return data;
                case "key":
                    KeyName key = KeyNames.Resolve((string)args["key"]);
                    var modifiers = new List<KeyName>();
                    foreach (JToken modifier in (JArray)args["modifiers"])
                        modifiers.Add(KeyNames.Modifier((string)modifier));
                    input.Key(key, modifiers, pressed);
                    data["key"] = key.Canonical;
                    if (pressed.HasValue)
                        data["pressed"] = pressed.Value;
                    return data;
                case "text":
                    string text = (string)args["text"];
                    object focus = input.Type(text);
                    data["typed"] = text.Length;
                    string path = focus == null ? null : context.Tree.PathOf(focus);
                    data["focus"] = path == null ? (JToken)JValue.CreateNull() : path;
                    return data;
                default:
                    return Wheel(context, input, args);
            }
        }

        /// <summary>Keys and actions reach the game over the next frames: answer once they have.</summary>
        protected override Func<bool> DeliveredGate(CommandContext context)
        {
            IPlayerInput input = context.Engine.Input;
            return input == null ? null : (Func<bool>)(() => !input.InputPending);
        }

        static JObject Wheel(CommandContext context, IPlayerInput input, JObject args)
        {
            bool hasX = args["x"] != null;
            if (hasX != (args["y"] != null))
                throw new InvalidArgsException("Give the wheel's point as both 'x' and 'y', or neither (the screen centre).");
            PointerSpot at = hasX ? input.At((double)args["x"], (double)args["y"]) : null;
            int steps = (int)args["wheel"];
            PointerSpot used = input.Wheel(at, steps);
            JObject data = PointerTargets.Describe(context, used ?? new PointerSpot(null, null));
            data["wheel"] = steps;
            return data;
        }
    }
}
