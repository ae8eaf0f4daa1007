extends RefCounted
## Time control (docs/PROTOCOL.md, "Time"): pause holds the game between requests (lockstep
## games always are), resume lets it run in real time, step advances a held game by exactly N
## frames (each 1/fps s of game time, with the physics ticks the project's tick rate gives),
## step_until advances it frame by frame until a condition holds, and digest hashes the
## game's state so two runs can be compared frame by frame. The game's own pause
## (SceneTree.paused) is the game's: nothing here sets it.

const Clock := preload("../clock.gd")
const CommandError := preload("../command_error.gd")
const Conditions := preload("../conditions.gd")
const StateDigest := preload("../state_digest.gd")
const NOT_HELD := "works on a held game: send pause first (lockstep games are held)."

var _bridge: Node
var _digest: StateDigest


func _init(bridge: Node) -> void:
	_bridge = bridge
	_digest = StateDigest.new(bridge)


func register_into(dispatcher: RefCounted) -> void:
	dispatcher.register("set_time_scale", _set_time_scale, {
		"scale": {"type": "number", "maximum": 1000.0, "description": "1 is normal speed; > 0"},
	}, "Speed game time up or down.", "bridge")
	dispatcher.register("pause", _pause, {},
		"Hold the game: no frame runs between requests (a lockstep game always is held).",
		"bridge")
	dispatcher.register("resume", _resume, {},
		"Let the game run by itself, in real time, until pause.", "bridge")
	dispatcher.register("step", _step, {
		"frames": {"type": "integer", "default": 1, "minimum": 1,
			"maximum": Clock.MAX_FRAMES},
	}, "Advance a held game by exactly N frames (and the physics ticks they hold).", "bridge")
	dispatcher.register("step_until", _step_until, Conditions.schema({
		"max_frames": {"type": "integer", "default": 600, "minimum": 1,
			"maximum": Clock.MAX_FRAMES},
	}), "Advance a held game frame by frame until a condition holds or max_frames pass; "
		+ "answers whether it was met and after how many frames.", "bridge")
	dispatcher.register("digest", _take_digest, {
		"root": {"type": "string", "default": "/root",
			"description": "a node path: hash only this subtree"},
		"nodes": {"type": "boolean", "default": false,
			"description": "also answer each node's own hash (by_node)"},
		"state": {"type": "boolean", "default": false,
			"description": "also answer what was hashed of each node, field by field (state)"},
	}, "A hash of the game's state (transforms, visibility, velocities, script variables) "
		+ "to compare two runs frame by frame.", "bridge")


func _set_time_scale(args: Dictionary) -> Variant:
	if args.scale <= 0.0:
		return CommandError.invalid_args("scale must be above 0 (use pause to stop).")
	Engine.time_scale = args.scale
	return {"time_scale": Engine.time_scale}


func _pause(_args: Dictionary) -> Variant:
	_bridge.clock.set_held(true)
	return _clock()


func _resume(_args: Dictionary) -> Variant:
	_bridge.clock.set_held(false)
	return _clock()


## Each awaited frame returns at the start of the next one, before the game's nodes process
## it: N awaits let exactly N frames run.
func _step(args: Dictionary) -> Variant:
	var clock: RefCounted = _bridge.clock
	if not clock.held:
		return CommandError.invalid_args("step " + NOT_HELD)
	var physics_before: int = clock.physics_frame()
	var stepped := 0
	while stepped < args.frames and not args._cancel.cancelled:
		await clock.next_frame()
		stepped += 1
	var result := _clock()
	result["physics_ticks"] = clock.physics_frame() - physics_before
	result["stepped"] = stepped
	return result


func _step_until(args: Dictionary) -> Variant:
	var clock: RefCounted = _bridge.clock
	if not clock.held:
		return CommandError.invalid_args("step_until " + NOT_HELD)
	var condition: Variant = Conditions.check(_bridge, args)
	if condition is CommandError:
		return condition
	var check: Callable = condition
	var frames := 0
	var met: Variant = check.call()
	while met is bool and not met and frames < args.max_frames and not args._cancel.cancelled:
		await clock.next_frame()
		frames += 1
		met = check.call()
	if met is CommandError:
		return met
	var result := _clock()
	result["met"] = met
	result["frames"] = frames
	return result


func _take_digest(args: Dictionary) -> Variant:
	var root: Node = _bridge.get_tree().root.get_node_or_null(NodePath(args.root)) \
		if (args.root as String).begins_with("/root") else null
	if root == null:
		return CommandError.not_found("No node at %s (root is an absolute path, /root/...)."
			% args.root)
	var result := _digest.take(root, args.nodes, args.state)
	result["frame"] = _bridge.clock.frame
	result["root"] = str(root.get_path())
	return result


## The clock, and whether the game paused itself (the game's own pause, for information).
func _clock() -> Dictionary:
	var described: Dictionary = _bridge.clock.describe()
	described["game_paused"] = _bridge.get_tree().paused
	return described
