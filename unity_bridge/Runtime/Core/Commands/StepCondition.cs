using System;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Members;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// What <c>step_until</c> steps for and <c>wait</c> waits for, read from their arguments:
    /// exactly one of <c>event</c> (an event of that type is queued whose seq is above
    /// <c>after</c>, by default the newest of that type when the request starts), <c>node</c> (a
    /// node is there, or gone with <c>present: false</c>; with <c>property</c>, <c>op</c> and
    /// <c>value</c>: the property compares true, and <c>present</c> is ignored, as in Godot) or
    /// <c>text</c> (a shown label or button holds the text). An argument without a default that
    /// belongs to another kind is INVALID_ARGS.
    /// </summary>
    internal sealed class StepCondition
    {
        static readonly string[] Kinds = { "event", "node", "text" };
        // present and op have defaults, so validated args always hold them: only these can be stray.
        static readonly string[] NodeCompanions = { "property", "value" };
        static readonly JArray Operators = new JArray("==", "!=", "<", "<=", ">", ">=");

        readonly Func<CommandContext, bool> _check;
        readonly string _description;

        StepCondition(Func<CommandContext, bool> check, string description)
        {
            _check = check;
            _description = description;
        }

        /// <summary>Whether the condition holds now; INVALID_ARGS when the property cannot compare.</summary>
        public bool Met(CommandContext context)
        {
            return _check(context);
        }

        /// <summary>What is waited for, for sentences: <c>an event 'hit' after seq 12</c>.</summary>
        public override string ToString()
        {
            return _description;
        }

        /// <summary>Adds the condition's arguments to a command's schema.</summary>
        public static ArgsSchema AddTo(ArgsSchema schema)
        {
            return schema
                .Add("event", ArgSpec.Of("string", "an event type: met once one is queued").AsOptional())
                .Add("after", ArgSpec.Of("integer", "with event: met only by an event whose seq is above this "
                    + "(default: the newest seq of that type when the request starts)").AsOptional().WithMinimum(0))
                .Add("node", ArgSpec.Of("string", "a node path: met when it is there (or gone, with present: false)").AsOptional())
                .Add("present", ArgSpec.Of("boolean", "with node: true to be there, false to be gone (ignored with property)")
                    .WithDefault(true))
                .Add("property", ArgSpec.Of("string", "with node: met when this property compares true to value").AsOptional())
                .Add("op", ArgSpec.Of("string", "with property: how to compare").WithDefault("==").WithEnum(Operators))
                .Add("value", ArgSpec.Of(ArgSpec.Any, "with property: what to compare with").AsOptional())
                .Add("text", ArgSpec.Of("string", "met when a shown label or button holds this text").AsOptional());
        }

        /// <summary>How many of event, node and text the validated args give.</summary>
        public static int CountGiven(JObject args)
        {
            int given = 0;
            foreach (string kind in Kinds)
            {
                if (args[kind] != null)
                    given++;
            }
            return given;
        }

        /// <summary>
        /// INVALID_ARGS for an argument given without the kind it belongs to (<c>after</c> without
        /// <c>event</c>; <c>property</c> or <c>value</c> without <c>node</c>). <see cref="From"/>
        /// calls it; a command that names no condition calls it itself.
        /// </summary>
        public static void RefuseStrayArguments(JObject args)
        {
            if (args["after"] != null && args["event"] == null)
                throw new InvalidArgsException("after goes with event: the seq an event must come after.");
            if (args["node"] != null)
                return;
            foreach (string companion in NodeCompanions)
            {
                if (args[companion] != null)
                    throw new InvalidArgsException(companion + " goes with node.");
            }
        }

        /// <summary>
        /// The condition the validated args name; INVALID_ARGS when they name none or several, or
        /// give an argument of another kind.
        /// </summary>
        public static StepCondition From(CommandContext context, JObject args, string command)
        {
            string kind = ArgsValidator.OneOf(args, Kinds, command
                + " takes exactly one of event, node (with present, or property, op and value) or text.");
            RefuseStrayArguments(args);
            if (kind == "event")
            {
                string type = (string)args["event"];
                long since = args["after"] != null ? (long)args["after"] : context.Events.LastSeqOf(type);
                return new StepCondition(now => now.Events.LastSeqOf(type) > since,
                    String.Format("an event '{0}' after seq {1}", type, since));
            }
            if (kind == "text")
            {
                string text = (string)args["text"];
                return new StepCondition(now => ShownText.Holds(now.Tree, text), "a shown text holding '" + text + "'");
            }
            return ForNode(args);
        }

        static StepCondition ForNode(JObject args)
        {
            string path = (string)args["node"];
            if (PathNames.Split(path) == null)
                throw new InvalidArgsException("node is an absolute path starting with /root, as get_tree shows.");
            if (args["property"] == null)
            {
                if (args["value"] != null)
                    throw new InvalidArgsException("value goes with property.");
                bool present = args["present"] == null || (bool)args["present"];
                return new StepCondition(now => (now.Tree.Find(path) != null) == present,
                    "the node " + path + (present ? " to be there" : " to be gone"));
            }
            // Clients send present with every node condition; with property it is ignored, as in Godot.
            if (args["value"] == null)
                throw new InvalidArgsException("Comparing a property needs a value.");
            string property = (string)args["property"];
            string op = args["op"] == null ? "==" : (string)args["op"];
            JToken wanted = args["value"];
            return new StepCondition(now => Compare(now, path, property, op, wanted),
                String.Format("{0} {1} {2} {3}", path, property, op, WireJson.Serialize(wanted)));
        }

        static bool Compare(CommandContext context, string path, string property, string op, JToken wanted)
        {
            TreeNode node = context.Tree.Find(path);
            if (node == null)
                return false;
            TypedValue read = PropertyAccess.Get(node.Source.MemberHosts, property, path, context.Registry.AllowNonPublicMembers);
            JToken now = context.Values.ToWire(read.Value);
            bool numbers = JsonNumbers.IsNumber(now) && JsonNumbers.IsNumber(wanted);
            bool equal = numbers ? (double)now == (double)wanted : JToken.DeepEquals(now, wanted);
            switch (op)
            {
                case "==": return equal;
                case "!=": return !equal;
            }
            if (!numbers)
                throw new InvalidArgsException(String.Format("{0}.{1} is {2}; {3} compares numbers only.", path, property,
                    WireJson.Serialize(now), op));
            double left = (double)now;
            double right = (double)wanted;
            switch (op)
            {
                case "<": return left < right;
                case "<=": return left <= right;
                case ">": return left > right;
                default: return left >= right;
            }
        }
    }
}
