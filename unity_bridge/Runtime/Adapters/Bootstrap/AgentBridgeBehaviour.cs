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
    /// The bridge's hidden object in agent mode: answers the session's requests once per frame
    /// on the main thread, completes each new DOTween tween once (before every command and in
    /// every Update and LateUpdate), hooks UI events, and quits when the client that started the
    /// game is gone.
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
        FramePacing _pacing;

        public void Begin(LaunchOptions options)
        {
            var dotween = new DOTweenReflection();
            _tweens = dotween.Present ? new TweenSkipper(dotween) : null;
            _engine = new UnityEngineHost(this, _tweens);
            string directory = options.SessionDirectoryOrDefault(Process.GetCurrentProcess().Id);
            _runtime = BridgeRuntime.Start(directory, _engine, AgentBridge.Registry);
            _runtime.BeforeCommand += PrepareCommand;
            _uguiEvents = new UguiEventHooks((type, source, args) => _runtime.Emit(type, _runtime.PathOf(source), args));
            _toolkitEvents = new ToolkitEventHooks((type, source, args) => _runtime.Emit(type, _runtime.PathOf(source), args));
            _errorEvents = new EngineErrorEvents((kind, message, where) =>
                _runtime.Emit(EventNames.EngineError, "/root", new object[] { kind, message, where }));
            _sceneEvents = new SceneChangeEvents(path => _runtime.Emit(EventNames.SceneChanged, "/root", new object[] { path }));
            _parent = new ParentWatch(options.ParentPid);
            _pacing = new FramePacing();
            Debug.Log("AgentBridge: agent mode, session " + _runtime.Files.Directory);
        }

        void Update()
        {
            if (_runtime == null)
                return;
            SkipTweens();
            _engine.PlayerInput.Update();
            if (Time.frameCount % HookScanInterval == 0)
                ScanHooks();
            _runtime.Tick();
            _pacing.Update(_runtime, _engine.NowMs);
            if (_parent.ParentGone(_engine.NowMs))
            {
                Debug.Log("AgentBridge: the client that started this game is gone; quitting.");
                _engine.Quit(0);
            }
        }

        void FixedUpdate()
        {
            if (_engine != null)
                _engine.Clock.CountFixedStep();
        }

        void LateUpdate()
        {
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
            _errorEvents.Dispose();
            _sceneEvents.Dispose();
            _runtime.Dispose();
            _runtime = null;
        }
    }
}
