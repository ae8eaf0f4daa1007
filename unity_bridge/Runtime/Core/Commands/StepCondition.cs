using System;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Members;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// What <c>step_until</c> steps for, read from its arguments: exactly one of <c>event</c> (an
    /// event of that type arrives), <c>node</c> (a node is there, or gone with <c>present:
    /// false</c>; with <c>property</c>, <c>op</c> and <c>value</c>: the property compares true)
    /// or <c>text</c> (a shown label or button holds the text).
    /// </summary>
    internal sealed class StepCondition
    {
        static readonly string[] Kinds = { "event", "node", "text" };

        readonly Func<CommandContext, bool> _check;

        StepCondition(Func<CommandContext, bool> check)
        {
            _check = check;
        }

        /// <summary>Whether the condition holds now; INVALID_ARGS when the property cannot compare.</summary>
        public bool Met(CommandContext context)
        {
            return _check(context);
        }

        /// <summary>The condition the validated args name; INVALID_ARGS when they name none or several.</summary>
        public static StepCondition From(CommandContext context, JObject args)
        {
            int given = 0;
            foreach (string kind in Kinds)
            {
                if (args[kind] != null)
                    given++;
            }
            if (given != 1)
                throw new InvalidArgsException(
                    "step_until takes exactly one of event, node (with present, or property, op and value) or text.");
            if (args["event"] != null)
            {
                string type = (string)args["event"];
                long since = context.Events.LastSeqOf(type);
                return new StepCondition(now => now.Events.LastSeqOf(type) > since);
            }
            if (args["text"] != null)
            {
                string text = (string)args["text"];
                return new StepCondition(now => ShownText.Holds(now.Tree, text));
            }
            string path = (string)args["node"];
            if (PathNames.Split(path) == null)
                throw new InvalidArgsException("node is an absolute path starting with /root, as get_tree shows.");
            if (args["property"] == null)
            {
                bool present = (bool)args["present"];
                return new StepCondition(now => (now.Tree.Find(path) != null) == present);
            }
            if (args["value"] == null)
                throw new InvalidArgsException("Comparing a property needs a value.");
            string property = (string)args["property"];
            string op = (string)args["op"];
            JToken wanted = args["value"];
            return new StepCondition(now => Compare(now, path, property, op, wanted));
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
