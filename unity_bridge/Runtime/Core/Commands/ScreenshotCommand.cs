using System;
using System.IO;
using System.Text.RegularExpressions;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Session;
using Newtonsoft.Json.Linq;

namespace AgentBridgeUnity.Core.Commands
{
    internal sealed class ScreenshotCommand : BridgeCommand
    {
        static readonly Regex SafeName = new Regex("^[A-Za-z0-9_.-]+$");
        int _shots;

        public ScreenshotCommand() : base("screenshot",
            "Save a PNG of the screen (or of one node's rect) into the session's artifacts; UNSUPPORTED without a graphics device.",
            TargetArgs.Schema()
                .Add("annotate", ArgSpec.Of("boolean", "draw the snapshot's refs on the image (not in Unity)").WithDefault(false))
                .Add("name", ArgSpec.Of("string", "file name (.png) in artifacts/").AsOptional()))
        {
        }

        public override CommandReply Execute(CommandContext context, JObject args)
        {
            IScreenshotter screenshots = context.Engine.Screenshots;
            string reason = screenshots == null ? "This engine host has no screen." : screenshots.UnavailableReason;
            if (reason != null)
                throw new UnsupportedException(reason);
            if ((bool)args["annotate"])
                throw new UnsupportedException("Annotated screenshots are not available in the Unity bridge; take one without annotate.");
            double[] crop = null;
            if (args["path"] != null || args["ref"] != null)
            {
                TreeNode node = context.Locator.Find(args);
                crop = NodeRect.Of(node, context.Values);
                if (crop == null)
                    throw new InvalidArgsException(node.Describe() + " has no rect on screen to crop to.");
            }
            string path = Path.Combine(context.Files.Artifacts, FileName((string)args["name"]));
            return CommandReply.Later(new Capture(screenshots.Capture(path, crop), path));
        }

        string FileName(string name)
        {
            _shots++;
            if (name == null)
                return String.Format("screenshot-{0:000}.png", _shots);
            if (!SafeName.IsMatch(name) || name.StartsWith(".", StringComparison.Ordinal))
                throw new InvalidArgsException("'" + name + "' is not a plain file name (letters, digits, '_', '-', '.').");
            return name.EndsWith(".png", StringComparison.OrdinalIgnoreCase) ? name : name + ".png";
        }

        /// <summary>Answers once the engine has written the PNG.</summary>
        sealed class Capture : IPendingReply
        {
            readonly IPendingCapture _capture;
            readonly string _path;

            public Capture(IPendingCapture capture, string path)
            {
                _capture = capture;
                _path = path;
            }

            public bool TryFinish(CommandContext context, out JToken data)
            {
                data = null;
                if (!_capture.IsDone)
                    return false;
                if (_capture.Error != null)
                    throw new InternalBridgeException("The screenshot failed: " + _capture.Error);
                var result = new JObject();
                result["path"] = _path;
                result["width"] = _capture.Width;
                result["height"] = _capture.Height;
                result["bytes"] = new FileInfo(_path).Length;
                data = result;
                return true;
            }
        }
    }
}
