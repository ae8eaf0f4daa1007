using System;
using System.Diagnostics;
using System.Threading;
using AgentBridgeUnity;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Transport;
using AgentBridgeUnity.Tests.Synthetic;

namespace AgentBridgeUnity.Host
{
    /// <summary>
    /// A headless console game for the Unity bridge's engine-independent core: the synthetic
    /// scene stands in for Unity, a loop stands in for the player loop. Started like a Unity
    /// player: <c>mono AgentBridgeHost.exe --agent-mode --agent-dir=DIR [--scene=Lab]
    /// [--resp-segment-bytes=N]</c> (the last makes response segments small, for tests).
    /// </summary>
    internal static class AgentBridgeHost
    {
        const int FrameSleepMs = 1;

        static int Main(string[] args)
        {
            LaunchOptions options = LaunchOptions.Parse(args);
            if (!options.AgentMode)
            {
                Console.WriteLine("AgentBridgeHost: started without --agent-mode; the bridge stays off.");
                return 0;
            }
            var engine = new SyntheticEngine("AgentBridge Host", SceneArgument(args));
            HostGameCommands.Register(engine);
            string directory = options.SessionDirectoryOrDefault(Process.GetCurrentProcess().Id);
            var parent = new ParentWatch(options.ParentPid);
            using (BridgeRuntime runtime = BridgeRuntime.Start(directory, engine, AgentBridge.Registry,
                SegmentArgument(args)))
            {
                Console.WriteLine("AgentBridgeHost: ready, session " + runtime.Files.Directory);
                while (!engine.QuitRequested)
                {
                    engine.Advance();
                    runtime.Tick();
                    if (parent.ParentGone(engine.NowMs))
                    {
                        Console.WriteLine("AgentBridgeHost: the client process is gone; quitting.");
                        break;
                    }
                    if (!engine.QuitRequested)
                        Thread.Sleep(FrameSleepMs);
                }
            }
            return engine.ExitCode;
        }

        static string SceneArgument(string[] args)
        {
            return Argument(args, "--scene=") ?? SyntheticScenes.Conformance;
        }

        static long SegmentArgument(string[] args)
        {
            string bytes = Argument(args, "--resp-segment-bytes=");
            return bytes == null ? ResponseWriter.SegmentBytes : long.Parse(bytes, System.Globalization.CultureInfo.InvariantCulture);
        }

        static string Argument(string[] args, string prefix)
        {
            foreach (string arg in args)
            {
                if (arg.StartsWith(prefix, StringComparison.Ordinal))
                    return arg.Substring(prefix.Length);
            }
            return null;
        }
    }
}
