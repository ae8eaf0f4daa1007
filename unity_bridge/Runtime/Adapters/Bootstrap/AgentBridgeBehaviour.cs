using System;
using System.Diagnostics;
using AgentBridgeUnity.Adapters.Events;
using AgentBridgeUnity.Adapters.Settle;
using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Session;
using AgentBridgeUnity.Core.Settle;
using AgentBridgeUnity.Core.Transport;
using UnityEngine;
using Debug = UnityEngine.Debug;

namespace AgentBridgeUnity.Adapters.Bootstrap
{
    /// <summary>
    /// The bridge's hidden object in agent mode: answers the session's requests on the main
    /// thread at the start of every frame (<see cref="FrameStartHook"/>), completes each new
    /// DOTween tween once (before every command, at the start of every frame and in every
    /// LateUpdate), hooks UI events, and quits when the client that started the game is gone.
    /// <para>
    /// The hold: while the game is held (lockstep, or after pause) and no request needs frames,
    /// the frame-start callback does not return. It blocks the main thread there, looking at the
    /// command file every millisecond or so and answering what needs no frames, so nothing of the
    /// game runs (no input, FixedUpdate, Start, Update, coroutine, animation or rendering) until a
    /// request needs frames. Time.captureFramerate keeps the wall time spent there out of game time.
    /// </para>
    /// </summary>
    [DefaultExecutionOrder(-32000)]
    [DisallowMultipleComponent]
    [AddComponentMenu("")]
    internal sealed class AgentBridgeBehaviour : MonoBehaviour
    {
        const int HookScanInterval = 10;

        BridgeRuntime _runtime;
        UnityEngineHost _engine;
        TweenSkipper _tweens;
        UguiEventHooks _uguiEvents;
        ToolkitEventHooks _toolkitEvents;
        EngineErrorEvents _errorEvents;
        SceneChangeEvents _sceneEvents;
        ParentWatch _parent;
        FrameStartHook _frameStart;
        bool _tickedThisFrame;
        bool _clientGone;

        public void Begin(LaunchOptions options)
        {
            var dotween = new DOTweenReflection();
            _tweens = dotween.Present ? new TweenSkipper(dotween) : null;
            _engine = new UnityEngineHost(this, _tweens);
            string directory = options.SessionDirectoryOrDefault(Process.GetCurrentProcess().Id);
            foreach (string problem in options.Problems)
                Debug.LogWarning("AgentBridge: " + problem);
            _runtime = BridgeRuntime.Start(directory, _engine, AgentBridge.Registry, options.Time);
            _runtime.BeforeCommand += PrepareCommand;
            _engine.Reset.RememberLaunch();
            if (options.Record)
                _runtime.RecordAtLaunch();
            _uguiEvents = new UguiEventHooks((type, source, args) => _runtime.Emit(type, _runtime.PathOf(source), args));
            _toolkitEvents = new ToolkitEventHooks((type, source, args) => _runtime.Emit(type, _runtime.PathOf(source), args));
            _errorEvents = new EngineErrorEvents((kind, message, where) =>
                _runtime.Emit(EventNames.EngineError, "/root", new object[] { kind, message, where }));
            _sceneEvents = new SceneChangeEvents(path => _runtime.Emit(EventNames.SceneChanged, "/root", new object[] { path }));
            _parent = new ParentWatch(options.ParentPid);
            _frameStart = FrameStartHook.Install(FrameStart);
            if (_frameStart == null)
                Debug.LogWarning("AgentBridge: the player loop has no phase to hook; the bridge answers from Update.");
            Debug.Log("AgentBridge: agent mode (" + options.Time.Mode + ", " + options.Time.Fps + " fps, seed "
                + options.Time.Seed + "), session " + _runtime.Files.Directory);
        }

        /// <summary>
        /// The start of a frame: the bridge's tick, then the hold. Runs from the player loop, or
        /// from Update when something replaced the player loop without the hook.
        /// </summary>
        void FrameStart()
        {
            if (_runtime == null || _clientGone)
                return;
            _tickedThisFrame = true;
            SkipTweens();
            _engine.PlayerInput.Update();
            if (Time.frameCount % HookScanInterval == 0)
                ScanHooks();
            _runtime.Tick();
            _runtime.Hold(ClientGone);
            if (ClientGone())
            {
                Debug.Log("AgentBridge: the client that started this game is gone; quitting.");
                _engine.Quit(0);
            }
        }

        /// <summary>True once the client process named by --agent-parent-pid is gone (checked about once a second).</summary>
        bool ClientGone()
        {
            if (!_clientGone && _parent.ParentGone(_engine.NowMs))
                _clientGone = true;
            return _clientGone;
        }

        void Update()
        {
            if (!_tickedThisFrame)
                FrameStart();
        }

        void FixedUpdate()
        {
            if (_engine != null)
                _engine.Clock.CountFixedStep();
        }

        void LateUpdate()
        {
            _tickedThisFrame = false;
            if (_runtime != null)
                SkipTweens();
        }

        void PrepareCommand()
        {
            SkipTweens();
            ScanHooks();
        }

        void SkipTweens()
        {
            if (_tweens != null)
                _tweens.Skip();
        }

        void ScanHooks()
        {
            _uguiEvents.Scan();
            _toolkitEvents.Scan();
        }

        void OnDestroy()
        {
            if (_runtime == null)
                return;
            if (_frameStart != null)
                _frameStart.Dispose();
            _errorEvents.Dispose();
            _sceneEvents.Dispose();
            _runtime.Dispose();
            _runtime = null;
        }
    }
}
