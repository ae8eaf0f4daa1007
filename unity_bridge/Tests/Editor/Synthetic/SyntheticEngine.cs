using System;
using System.Collections.Generic;
using System.Diagnostics;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Values;

namespace AgentBridgeUnity.Tests.Synthetic
{
    /// <summary>
    /// An engine host with no engine: a synthetic scene tree, a frame counter that advances when
    /// told, a real clock. Tests and the console host drive the core through it.
    /// </summary>
    internal sealed class SyntheticEngine : IEngineHost
    {
        /// <summary>The scene node that holds persistent nodes (Unity's DontDestroyOnLoad scene).</summary>
        public const string PersistentScene = "DontDestroyOnLoad";

        readonly Stopwatch _clock = Stopwatch.StartNew();
        readonly SyntheticSceneLoader _loader;

        public SyntheticEngine(string gameName, string firstScene)
        {
            GameName = gameName;
            Root = new SyntheticNode("root", null, "Root") { Label = gameName };
            Root.Add(SyntheticScenes.Build(firstScene));
            Bridge = Root.Add(new SyntheticNode("AgentBridge", new SynBridge("session")));
            _loader = new SyntheticSceneLoader(this);
            Walkers = new ISceneWalker[] { new SyntheticWalker() };
            SettledProviders = new ISettledProvider[] { new SyntheticSettledProvider(this) };
            Converters = new IWireConverter[] { new SynVectorConverter() };
            Keyboard = new SyntheticKeyboard();
            PlayerInput = new SyntheticInput(() => Frame, Keyboard);
            Clock = new SyntheticClock();
            Capture = new SyntheticCapture(Keyboard);
            Reset = new SyntheticGameReset(this);
            GameTypes = new List<Type>();
            Startup = new List<SyntheticStartup>();
        }

        /// <summary>The keyboard a person (and the bridge) presses keys on.</summary>
        public SyntheticKeyboard Keyboard { get; private set; }

        /// <summary>A person's input and the window.</summary>
        public SyntheticCapture Capture { get; private set; }

        IInputCapture IEngineHost.Capture
        {
            get { return Capture; }
        }

        /// <summary>What reset_game does to this engine.</summary>
        public SyntheticGameReset Reset { get; private set; }

        public IGameReset GameReset
        {
            get { return Reset; }
        }

        /// <summary>The game's classes whose statics reset_game sets back.</summary>
        public List<Type> GameTypes { get; private set; }

        /// <summary>The game's start-up code, run again by reset_game.</summary>
        public List<SyntheticStartup> Startup { get; private set; }

        public string ProjectPath
        {
            get { return "/synthetic/" + GameName; }
        }

        /// <summary>
        /// Adds <paramref name="node"/> to the persistent nodes (<c>/root/DontDestroyOnLoad</c>),
        /// as a game's DontDestroyOnLoad(gameObject) would.
        /// </summary>
        public SyntheticNode MakePersistent(SyntheticNode node)
        {
            SyntheticNode persistent = null;
            foreach (SyntheticNode child in Root.ChildNodes)
            {
                if (child.Name == PersistentScene)
                    persistent = child;
            }
            if (persistent == null)
                persistent = Root.Insert(Root.ChildNodes.IndexOf(Bridge), new SyntheticNode(PersistentScene, null, SyntheticScenes.SceneType));
            return persistent.Add(node);
        }

        /// <summary>What hover, drag and input did; its focus takes typed text.</summary>
        public SyntheticInput PlayerInput { get; private set; }

        /// <summary>Game time, physics steps, the time scale, the seed and the pace.</summary>
        public SyntheticClock Clock { get; private set; }

        public IPlayerInput Input
        {
            get { return PlayerInput; }
        }

        public ITimeControl TimeControl
        {
            get { return Clock; }
        }

        public SyntheticNode Root { get; private set; }

        /// <summary>The bridge's own node, <c>/root/AgentBridge</c>.</summary>
        public SyntheticNode Bridge { get; private set; }

        public object BridgeTarget
        {
            get { return Bridge; }
        }
        public string GameName { get; private set; }
        public long Frame { get; private set; }
        public bool QuitRequested { get; private set; }
        public int ExitCode { get; private set; }

        public string EngineName
        {
            get { return "unity"; }
        }

        public string EngineVersion
        {
            get { return "synthetic-" + Environment.Version; }
        }

        public double NowMs
        {
            get { return _clock.Elapsed.TotalMilliseconds; }
        }

        public IReadOnlyList<ISceneWalker> Walkers { get; private set; }
        public IReadOnlyList<ISettledProvider> SettledProviders { get; private set; }
        public IReadOnlyList<IWireConverter> Converters { get; private set; }

        public ISceneLoader Scenes
        {
            get { return _loader; }
        }

        public IScreenshotter Screenshots
        {
            get { return NoScreen.Instance; }
        }

        /// <summary>No screen, so no points to click.</summary>
        public IPointerInput Pointer
        {
            get { return null; }
        }

        public bool LoadPending
        {
            get { return _loader.Pending; }
        }

        public ISceneNode CreateRoot()
        {
            return Root;
        }

        /// <summary>
        /// One frame of the game, run after the bridge's tick at the frame's start: the input
        /// update takes the queued input events, game time and physics advance, movers step
        /// (unless the game paused itself) and a requested scene change completes; then the
        /// frame counter moves on.
        /// </summary>
        public void Advance()
        {
            Keyboard.Update();
            Clock.Tick();
            if (Clock.TimeScale > 0)
                foreach (SynMover mover in SyntheticScenes.Movers(Root.ChildNodes))
                    mover.Step(Clock.Random, Keyboard);
            _loader.Update();
            Frame++;
        }

        public void Quit(int exitCode)
        {
            QuitRequested = true;
            ExitCode = exitCode;
        }

        public void Log(string message)
        {
            Console.Error.WriteLine(message);
        }

        /// <summary>The headless host has no graphics device.</summary>
        sealed class NoScreen : IScreenshotter
        {
            public static readonly NoScreen Instance = new NoScreen();

            public string UnavailableReason
            {
                get { return "Screenshots need a graphics device; this headless host has none."; }
            }

            public IPendingCapture Capture(string path, double[] crop)
            {
                throw new UnsupportedException(UnavailableReason);
            }
        }
    }
}
