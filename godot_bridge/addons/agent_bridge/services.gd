extends RefCounted
## What the bridge gives the command modules and the parts they are built on, typed, so that a
## module's every use of it is checked when the module compiles. A command module's constructor
## takes this one object (`_init(services: Services)`) and keeps what it uses.
##
## The parts every session needs are made with it when the bridge activates; those only some
## commands need (the pointer, the snapshot, the action effects) are made by the first module
## that asks, so a session that never clicks compiles no pointer. Their scripts are not preloaded
## here for the same reason: a module preloads the one it uses and types it there.

const AnimationSkipper := preload("animation_skipper.gd")
const Bridge := preload("agent_bridge.gd")
const Clock := preload("clock.gd")
const Dispatcher := preload("dispatcher.gd")
const EventQueue := preload("event_queue.gd")
const NodeLocator := preload("node_locator.gd")
const Refs := preload("refs.gd")
const SettledCheck := preload("settled_check.gd")

## The autoload: its public API, the session's folder and its signals (frame_started, ...).
var bridge: Bridge
var clock: Clock
var dispatcher: Dispatcher
var events: EventQueue
var animations: AnimationSkipper
var settled: SettledCheck
var refs: Refs
var locator: NodeLocator
## The game's scripts counting their lines (coverage.gd), or null: launched without coverage.
var coverage: RefCounted
## What reset_game puts back, as the game started with it (game_reset.gd).
var launch: Dictionary

var _pointer: RefCounted
var _snapshot: RefCounted
var _action_effects: RefCounted


## `time`: the launch's time options {"time", "fps", "seed"} (agent_bridge.gd).
func _init(p_bridge: Bridge, time: Dictionary, p_launch: Dictionary) -> void:
	bridge = p_bridge
	launch = p_launch
	var tree := bridge.get_tree()
	clock = Clock.new(time.time, time.fps, time.seed)
	dispatcher = Dispatcher.new()
	events = EventQueue.new(bridge)
	events.clock = clock
	events.start(tree.root)
	animations = AnimationSkipper.new(tree)
	animations.start()
	settled = SettledCheck.new(tree, clock, animations)
	refs = Refs.new()
	locator = NodeLocator.new(tree.root, refs)


## The pointer (pointer.gd), made by the first module that clicks or hit-tests. It takes
## physics picking over from then on; until then no pointer event was sent, and what is
## pickable reads the same (snapshot_roles.gd falls back to the viewport's own setting).
func pointer() -> RefCounted:
	if _pointer == null:
		_pointer = _part("pointer.gd").new(bridge.get_tree().root)
	return _pointer


## The snapshot taker (snapshot.gd): its refs and tree_version are the session's.
func snapshot() -> RefCounted:
	if _snapshot == null:
		_snapshot = _part("snapshot.gd").new(bridge, refs)
	return _snapshot


## What the action commands share (action_effects.gd): the changes an action made.
func action_effects() -> RefCounted:
	if _action_effects == null:
		_action_effects = _part("action_effects.gd").new(self)
	return _action_effects


func _part(file: String) -> GDScript:
	return load((get_script() as Script).resource_path.get_base_dir().path_join(file))
