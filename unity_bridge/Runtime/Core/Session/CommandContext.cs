using System;
using System.Collections.Generic;
using AgentBridgeUnity.Core.Dispatch;
using AgentBridgeUnity.Core.Events;
using AgentBridgeUnity.Core.Replay;
using AgentBridgeUnity.Core.Scene;
using AgentBridgeUnity.Core.Snapshot;
using AgentBridgeUnity.Core.Transport;
using AgentBridgeUnity.Core.Values;

namespace AgentBridgeUnity.Core.Session
{
    /// <summary>
    /// What a command can use while it runs. The scene tree is built lazily and at most once per
    /// context, so each command (and each frame of a pending one) sees the live scene.
    /// </summary>
    internal sealed class CommandContext
    {
        SceneTree _tree;
        ValueMapper _values;
        NodeLocator _locator;

        public CommandContext(IEngineHost engine, BridgeRegistry registry, CommandTable commands,
            EventQueue events, RefRegistry refs, SessionFiles files)
        {
            Engine = engine;
            Registry = registry;
            Commands = commands;
            Events = events;
            Refs = refs;
            Files = files;
        }

        public IEngineHost Engine { get; private set; }
        public BridgeRegistry Registry { get; private set; }
        public CommandTable Commands { get; private set; }
        public EventQueue Events { get; private set; }
        public RefRegistry Refs { get; private set; }
        public SessionFiles Files { get; private set; }

        /// <summary>The version of what the whole tree shows (snapshots move it).</summary>
        public TreeVersion Versions { get; set; }

        /// <summary>The requests still running (for cancel); null outside a running session.</summary>
        public IRequestControl Requests { get; set; }

        /// <summary>The session's game time (held, frame numbers, mode, frame rate).</summary>
        public GameClock Clock { get; set; }

        /// <summary>The session's recording and replay.</summary>
        public ReplayState Replays { get; set; }

        /// <summary>Makes a new context of the same session (for what outlives this command: a recording).</summary>
        public Func<CommandContext> NewContext { get; set; }

        public SceneTree Tree
        {
            get
            {
                if (_tree == null)
                {
                    var walkers = new List<ISceneWalker>(Engine.Walkers);
                    walkers.AddRange(Registry.Walkers());
                    _tree = new SceneTree(Engine.CreateRoot(), walkers);
                }
                return _tree;
            }
        }

        public ValueMapper Values
        {
            get { return _values ?? (_values = new ValueMapper(Engine.Converters, Tree)); }
        }

        public NodeLocator Locator
        {
            get { return _locator ?? (_locator = new NodeLocator(Tree, Refs)); }
        }

        /// <summary>The engine's settled providers followed by the game's.</summary>
        public List<ISettledProvider> SettledProviders()
        {
            var providers = new List<ISettledProvider>(Engine.SettledProviders);
            providers.AddRange(Registry.SettledProviders());
            return providers;
        }

        /// <summary>Drops the cached tree after an action changed the scene.</summary>
        public void Refresh()
        {
            _tree = null;
            _values = null;
            _locator = null;
        }
    }
}
