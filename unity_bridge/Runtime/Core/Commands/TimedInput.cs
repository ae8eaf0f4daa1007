using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Keys;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// One input held over frames (<c>hold</c>, and each entry of <c>input_sequence</c>): an
    /// action, a key or a mouse button, pressed on frame <see cref="Start"/> of its timeline for
    /// <see cref="Frames"/> frames at <see cref="Strength"/> (actions; keys and buttons are all or
    /// nothing).
    /// </summary>
    internal sealed class TimedInput
    {
        static readonly string[] Kinds = { "action", "key", "button" };
        static readonly JArray Buttons = new JArray("left", "right", "middle");

        KeyName _key;

        TimedInput()
        {
        }

        /// <summary><c>action</c>, <c>key</c> or <c>button</c>.</summary>
        public string Kind { get; private set; }

        /// <summary>The name the input goes by (an action's <c>Map/Name</c>, a key's canonical name).</summary>
        public string Name { get; private set; }

        /// <summary>The frame of the timeline it is pressed on (0: at once).</summary>
        public int Start { get; private set; }

        /// <summary>Frames it stays pressed (at least 1).</summary>
        public int Frames { get; private set; }

        public double Strength { get; private set; }

        /// <summary>The frame of the timeline it is released on.</summary>
        public int End
        {
            get { return Start + Frames; }
        }

        /// <summary>The arguments naming one timed input; <paramref name="withStart"/> adds <c>start</c>.</summary>
        public static ArgsSchema Schema(bool withStart)
        {
            var schema = new ArgsSchema()
                .Add("action", ArgSpec.Of("string", "an input action (Unity: an enabled Input System action, Map/Name or Name)").AsOptional())
                .Add("key", ArgSpec.Of("string", "a key name: Enter, A, Space, Left").AsOptional())
                .Add("button", ArgSpec.Of("string", "a mouse button").AsOptional().WithEnum(Buttons));
            if (withStart)
                schema.Add("start", ArgSpec.Of("integer", "the frame it is pressed on, counted from the timeline's start")
                    .WithDefault(0).Within(0, Limits.MaxFrames));
            return schema
                .Add("frames", ArgSpec.Of("integer", "frames it stays pressed").Within(1, Limits.MaxFrames))
                .Add("strength", ArgSpec.Of("number", "an action's strength").WithDefault(1.0).Within(0, 1));
        }

        /// <summary>
        /// The timed input validated <paramref name="args"/> name (<see cref="Schema"/>), checked
        /// against what the engine can hold, sending nothing; <paramref name="what"/> names it in
        /// sentences.
        /// </summary>
        public static TimedInput From(IPlayerInput input, JObject args, string what)
        {
            string kind = ArgsValidator.OneOf(args, Kinds, what + " takes exactly one of action, key or button.");
            var timed = new TimedInput
            {
                Kind = kind,
                Start = args["start"] == null ? 0 : (int)args["start"],
                Frames = (int)args["frames"],
                Strength = (double)args["strength"],
            };
            string name = (string)args[kind];
            if (kind == "key")
            {
                timed._key = KeyNames.Resolve(name);
                name = timed._key.Canonical;
            }
            timed.Name = input.CheckHoldable(kind, name);
            return timed;
        }

        /// <summary>Presses or releases it.</summary>
        public void Send(IPlayerInput input, bool pressed)
        {
            switch (Kind)
            {
                case "action":
                    input.Action(Name, pressed, Strength);
                    break;
                case "key":
                    input.Key(_key, new List<KeyName>(), pressed);
                    break;
                default:
                    input.Button(Name, pressed);
                    break;
            }
        }

        public override string ToString()
        {
            return String.Format("{0} {1} from frame {2} for {3}", Kind, Name, Start, Frames);
        }
    }
}
