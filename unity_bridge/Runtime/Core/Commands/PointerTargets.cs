using System;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Json;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Values;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    /// <summary>
    /// Resolves where hover, drag and the wheel act: a node (path or ref, checked visible and
    /// enabled, then located on screen by the host) or a screen point.
    /// </summary>
    internal static class PointerTargets
    {
        /// <summary>The host's input, or UNSUPPORTED when it has none.</summary>
        public static IPlayerInput Input(CommandContext context)
        {
            IPlayerInput input = context.Engine.Input;
            if (input == null)
                throw new UnsupportedException("This engine host has no input to drive.");
            return input;
        }

        /// <summary>A target given as <c>path</c>, <c>ref</c>, or <c>x</c> and <c>y</c>.</summary>
        public static PointerSpot FromArgs(CommandContext context, JObject args, string action)
        {
            bool hasPoint = args["x"] != null || args["y"] != null;
            bool hasNode = args["path"] != null || args["ref"] != null;
            if (hasPoint && hasNode)
                throw new InvalidArgsException("Give a node ('path' or 'ref') or a point ('x' and 'y'), not both.");
            if (!hasPoint)
                return OnNode(context, context.Locator.Find(args), action);
            if (args["x"] == null || args["y"] == null)
                throw new InvalidArgsException("Give a point as both 'x' and 'y'.");
            return Input(context).At((double)args["x"], (double)args["y"]);
        }

        /// <summary>A drag end: a ref (<c>e3</c>, <c>@e3</c>), a node path, or <c>{"x", "y"}</c>.</summary>
        public static PointerSpot FromEnd(CommandContext context, JToken value, string action)
        {
            var point = value as JObject;
            if (point != null && IsNumber(point["x"]) && IsNumber(point["y"]))
                return Input(context).At(Coordinate(point["x"]), Coordinate(point["y"]));
            if (value != null && value.Type == JTokenType.String)
                return OnNode(context, context.Locator.FindPathOrRef((string)value), action);
            throw new InvalidArgsException(String.Format("A drag end is a ref, a node path or {{\"x\", \"y\"}}; got {0}.",
                value == null ? "nothing" : WireJson.Serialize(value)));
        }

        /// <summary>The node's spot, once a player could reach it (else NOT_INTERACTABLE).</summary>
        public static PointerSpot OnNode(CommandContext context, TreeNode node, string action)
        {
            string reason = ActionGuard.BlockedReason(node, action);
            if (reason != null)
                throw new NotInteractableException(String.Format("Cannot {0}: {1} {2}.", action, node.Path, reason));
            return Input(context).Locate(node.Source.Target);
        }

        /// <summary><c>{"target": path or null, "position": {"x", "y"} or null}</c>.</summary>
        public static JObject Describe(CommandContext context, PointerSpot spot)
        {
            var data = new JObject();
            string path = spot.Target == null ? null : context.Tree.PathOf(spot.Target);
            data["target"] = path == null ? (JToken)JValue.CreateNull() : path;
            data["position"] = spot.Point == null ? (JToken)JValue.CreateNull() : VectorJson.Write(VectorJson.XY, spot.Point);
            return data;
        }

        /// <summary>A drag end's coordinate, within the same bounds as <c>x</c> and <c>y</c> arguments.</summary>
        static double Coordinate(JToken token)
        {
            double value = (double)token;
            if (Math.Abs(value) > Limits.MaxCoordinate)
                throw new InvalidArgsException(String.Format(System.Globalization.CultureInfo.InvariantCulture,
                    "A drag end's coordinates are pixels within {0} of the origin; got {1}.", Limits.MaxCoordinate, WireJson.Serialize(token)));
            return value;
        }

        static bool IsNumber(JToken token)
        {
            return token != null && (token.Type == JTokenType.Integer || token.Type == JTokenType.Float);
        }
    }
}
