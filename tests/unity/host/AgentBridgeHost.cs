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
    /// player: <c>mono AgentBridgeHost.exe --agent-mode --agent-dir=DIR [--agent-time=...]
    /// [--agent-fps=N] [--agent-seed=N] [--agent-record] [--scene=Lab] [--resp-segment-bytes=N]</c> (the last
    /// makes response segments small, for tests). Each frame is the bridge's tick, then its hold
    /// (a held game stays there until a request needs frames), then the game's frame; frames run
    /// flat out while a held game advances, and about fps a second while it runs on its own.
    /// </summary>
    internal static class AgentBridgeHost
    {
        static int Main(string[] args)
        {
            LaunchOptions options = LaunchOptions.Parse(args);
            if (!options.AgentMode)
            {
                Console.WriteLine("AgentBridgeHost: started without --agent-mode; the bridge stays off.");
                return 0;
            }
            foreach (string problem in options.Problems)
                Console.WriteLine("AgentBridgeHost: " + problem);
            var engine = new SyntheticEngine("AgentBridge Host", SceneArgument(args));
            // The game's start-up code, as a RuntimeInitializeOnLoadMethod: reset_game runs it again.
            engine.Startup.Add(new SyntheticStartup("HostGameCommands.Register", false, () => HostGameCommands.Register(engine)));
            HostGameCommands.Register(engine);
            string directory = options.SessionDirectoryOrDefault(Process.GetCurrentProcess().Id);
            var parent = new ParentWatch(options.ParentPid);
            bool parentGone = false;
            Func<bool> leave = () => parentGone = parentGone || parent.ParentGone(engine.NowMs);
            int frameMs = (int)Math.Round(1000.0 / options.Time.Fps);
            using (BridgeRuntime runtime = BridgeRuntime.Start(directory, engine, AgentBridge.Registry, options.Time,
                SegmentArgument(args)))
            {
                engine.Reset.RememberLaunch();
                if (options.Record)
                    runtime.RecordAtLaunch();
                Console.WriteLine("AgentBridgeHost: ready, session " + runtime.Files.Directory);
                while (!engine.QuitRequested)
                {
                    runtime.Tick();
                    runtime.Hold(leave);
                    if (leave())
                    {
                        Console.WriteLine("AgentBridgeHost: the client process is gone; quitting.");
                        break;
                    }
                    engine.Advance();
                    if (!engine.QuitRequested && engine.Clock.RealTime == true)
                        Thread.Sleep(frameMs);
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
