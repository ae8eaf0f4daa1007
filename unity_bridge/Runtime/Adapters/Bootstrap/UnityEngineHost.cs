using System.Collections.Generic;
using AgentBridgeUnity.Adapters.Nodes;
using AgentBridgeUnity.Adapters.Services;
using AgentBridgeUnity.Adapters.Settle;
using AgentBridgeUnity.Adapters.Values;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Settle;
using AgentBridgeUnity.Core.Values;
using UnityEngine;

namespace AgentBridgeUnity.Adapters.Bootstrap
{
    /// <summary>
    /// The core's view of Unity: identity, clock, walkers, settled providers, converters and
    /// services (pointer, player input, time control).
    /// </summary>
    internal sealed class UnityEngineHost : IEngineHost
    {
        readonly UnitySceneLoader _loader = new UnitySceneLoader();

        /// <param name="bridge">The bridge's behaviour (walkers leave its object out).</param>
        /// <param name="tweens">DOTween's tweens, or null without DOTween.</param>
        public UnityEngineHost(MonoBehaviour bridge, TweenSkipper tweens)
        {
            BridgeTarget = bridge.gameObject;
            Walkers = new ISceneWalker[] { new SceneWalkers(bridge.gameObject), new ToolkitWalker() };
            var settled = new List<ISettledProvider>();
            if (tweens != null)
                settled.Add(new DOTweenSettledProvider(tweens));
            settled.Add(new AnimatorSettledProvider());
            settled.Add(new SceneLoadSettledProvider(_loader));
            SettledProviders = settled;
            Converters = new IWireConverter[]
            {
                new UnityObjectConverter(), new UnityVectorConverter(), new UnityColorConverter(), new UnityRectConverter(),
            };
            Screenshots = new ScreenCaptureService(bridge);
            Pointer = new ScreenPointer();
            PlayerInput = new UnityPlayerInput();
            Clock = new UnityTimeControl();
            Capture = new UnityInputCapture();
            Reset = new UnityGameReset(bridge.gameObject, _loader);
        }

        /// <summary>A person's input (the Input System's events) and the window.</summary>
        public IInputCapture Capture { get; private set; }

        /// <summary>What reset_game does in Unity.</summary>
        public UnityGameReset Reset { get; private set; }

        public IGameReset GameReset
        {
            get { return Reset; }
        }

        /// <summary>Application.dataPath: the player's data folder, or the project's Assets folder in the editor.</summary>
        public string ProjectPath
        {
            get { return Application.dataPath; }
        }

        public string EngineName
        {
            get { return "unity"; }
        }

        public string EngineVersion
        {
            get { return Application.unityVersion; }
        }

        public string GameName
        {
            get { return Application.productName; }
        }

        public long Frame
        {
            get { return Time.frameCount; }
        }

        public double NowMs
        {
            get { return Time.realtimeSinceStartupAsDouble * 1000.0; }
        }

        /// <summary>The bridge's own GameObject.</summary>
        public object BridgeTarget { get; private set; }

        public IReadOnlyList<ISceneWalker> Walkers { get; private set; }
        public IReadOnlyList<ISettledProvider> SettledProviders { get; private set; }
        public IReadOnlyList<IWireConverter> Converters { get; private set; }
        public IScreenshotter Screenshots { get; private set; }
        public IPointerInput Pointer { get; private set; }
        /// <summary>Hover, drag, text, the wheel, keys and actions; updated by the bridge's behaviour each frame.</summary>
        public UnityPlayerInput PlayerInput { get; private set; }

        public IPlayerInput Input
        {
            get { return PlayerInput; }
        }

        /// <summary>Time.timeScale, with the fixed steps the bridge's behaviour counts.</summary>
        public UnityTimeControl Clock { get; private set; }

        public ITimeControl TimeControl
        {
            get { return Clock; }
        }

        public ISceneLoader Scenes
        {
            get { return _loader; }
        }

        public ISceneNode CreateRoot()
        {
            return new ApplicationNode();
        }

        public void Quit(int exitCode)
        {
            if (EditorHooks.Quit != null)
                EditorHooks.Quit(exitCode);
            else
                Application.Quit(exitCode);
        }

        public void Log(string message)
        {
            Debug.LogWarning(message);
        }
    }
}
