extends RefCounted
## Time control: scale, pause, resume, step and step_until. `step` advances exactly N process
## frames and N physics ticks of a paused game; launched with a fixed frame rate
## (`--fixed-fps 60`, the client's `fixed_fps=`), every stepped frame has the same delta, so the
## same commands from the same start give the same frames and events. `step_until` advances a
## paused game frame by frame until a condition holds or a frame cap is reached.

const AgentMode := preload("../agent_mode.gd")
const Codec := preload("../value_codec.gd")
const InspectCommands := preload("inspect_commands.gd")
const CommandError := preload("../command_error.gd")
const Roles := preload("../snapshot_roles.gd")
const COMPARISONS := ["==", "!=", "<", "<=", ">", ">="]

var _bridge: Node


func _init(bridge: Node) -> void:
	_bridge = bridge


func register_into(dispatcher: RefCounted) -> void:
	dispatcher.register("set_time_scale", _set_time_scale, {
		"scale": {"type": "number", "maximum": 1000.0, "description": "1 is normal speed; > 0"},
	}, "Speed game time up or down.", "bridge")
	dispatcher.register("pause", _pause, {}, "Pause the game (the bridge keeps answering).",
		"bridge")
	dispatcher.register("resume", _resume, {}, "Resume a paused game.", "bridge")
	dispatcher.register("step", _step, {
		"frames": {"type": "integer", "default": 1, "minimum": 1,
			"maximum": AgentMode.MAX_FRAMES},
	}, "Advance a paused game by exactly N process frames and physics ticks.", "bridge")
	dispatcher.register("step_until", _step_until, {
		"event": {"type": "string", "optional": true,
			"description": "stop when an event of this type arrives"},
		"node": {"type": "string", "optional": true,
			"description": "a node path: stop when it is there (or gone, with present: false)"},
		"present": {"type": "boolean", "default": true},
		"property": {"type": "string", "optional": true,
			"description": "with node: stop when this property compares true to value"},
		"op": {"type": "string", "default": "==", "enum": COMPARISONS},
		"value": {"type": "any", "optional": true},
		"text": {"type": "string", "optional": true,
			"description": "stop when a shown label, button or 3D label holds this text"},
		"max_frames": {"type": "integer", "default": 600, "minimum": 1,
			"maximum": AgentMode.MAX_FRAMES},
	}, "Advance a paused game frame by frame until a condition holds or max_frames pass; "
		+ "answers whether it was met and after how many frames.", "bridge")


func _set_time_scale(args: Dictionary) -> Variant:
	if args.scale <= 0.0:
		return CommandError.invalid_args("scale must be above 0 (use pause to stop).")
	Engine.time_scale = args.scale
	return {"time_scale": Engine.time_scale}


func _pause(_args: Dictionary) -> Variant:
	_bridge.get_tree().paused = true
	return _clock()


func _resume(_args: Dictionary) -> Variant:
	_bridge.get_tree().paused = false
	return _clock()


## The bridge processes first in a frame, so unpausing here lets the rest of this frame run,
## and pausing again at the start of frame +N leaves exactly N process frames; physics ticks
## run at the start of each of the following frames, N of them too.
func _step(args: Dictionary) -> Variant:
	var tree: SceneTree = _bridge.get_tree()
	if not tree.paused:
		return CommandError.invalid_args("step works on a paused game: send pause first.")
	var physics_before := Engine.get_physics_frames()
	tree.paused = false
	for i in args.frames:
		if args._cancel.cancelled:
			break
		await tree.process_frame
	tree.paused = true
	var result := _clock()
	result["physics_ticks"] = Engine.get_physics_frames() - physics_before
	result["stepped"] = args.frames
	return result


func _step_until(args: Dictionary) -> Variant:
	var tree: SceneTree = _bridge.get_tree()
	if not tree.paused:
		return CommandError.invalid_args("step_until works on a paused game: send pause first.")
	var condition: Variant = _condition(args)
	if condition is CommandError:
		return condition
	var check: Callable = condition
	var frames := 0
	var met: Variant = check.call()
	tree.paused = false
	while met is bool and not met and frames < args.max_frames and not args._cancel.cancelled:
		await tree.process_frame
		frames += 1
		met = check.call()
	tree.paused = true
	if met is CommandError:
		return met
	var result := _clock()
	result["met"] = met
	result["frames"] = frames
	return result


## The condition to step for, as a Callable returning bool (or a CommandError when the
## property to compare cannot be compared), or a CommandError for unusable arguments.
func _condition(args: Dictionary) -> Variant:
	var given := ["event", "node", "text"].filter(func(k: String) -> bool: return args.has(k))
	if given.size() != 1:
		return CommandError.invalid_args("step_until takes exactly one of event, node (with "
			+ "present, or property, op and value) or text.")
	if args.has("event"):
		var since: int = _bridge.events.last_seq_of(args.event)
		return func() -> bool: return _bridge.events.last_seq_of(args.event) > since
	if args.has("text"):
		return func() -> bool: return _shows_text(_bridge.get_tree().root, args.text)
	if not (args.node as String).begins_with("/root"):
		return CommandError.invalid_args("node is an absolute path starting with /root.")
	if not args.has("property"):
		return func() -> bool: return (_bridge.get_tree().root.get_node_or_null(
			NodePath(args.node)) != null) == args.present
	if not args.has("value"):
		return CommandError.invalid_args("Comparing a property needs a value.")
	var refused := InspectCommands.member_problem(args.node, args.property, false)
	if refused != null:
		return refused
	return _compare.bind(args.node, args.property, args.op, args.value)


func _compare(path: String, property: String, op: String, wanted: Variant) -> Variant:
	var node := _bridge.get_tree().root.get_node_or_null(NodePath(path))
	if node == null:
		return false
	var now: Variant = Codec.to_wire(node.get_indexed(NodePath(property)))
	match op:
		"==":
			return typeof(now) == typeof(wanted) and now == wanted \
				or _numbers(now, wanted) and float(now) == float(wanted)
		"!=":
			return not (typeof(now) == typeof(wanted) and now == wanted \
				or _numbers(now, wanted) and float(now) == float(wanted))
	if not _numbers(now, wanted):
		return CommandError.invalid_args("%s.%s is %s; %s compares numbers only." % [path,
			property, JSON.stringify(now), op])
	match op:
		"<":
			return float(now) < float(wanted)
		"<=":
			return float(now) <= float(wanted)
		">":
			return float(now) > float(wanted)
	return float(now) >= float(wanted)


static func _numbers(a: Variant, b: Variant) -> bool:
	return (a is int or a is float) and (b is int or b is float)


## Whether a shown node below `node` has `text` in what it shows.
static func _shows_text(node: Node, text: String) -> bool:
	if not Roles.is_shown(node):
		return false
	if Roles.visible_text(node).contains(text):
		return true
	for child: Node in node.get_children():
		if _shows_text(child, text):
			return true
	return false


func _clock() -> Dictionary:
	return {"paused": _bridge.get_tree().paused, "frame": Engine.get_process_frames(),
		"physics_frame": Engine.get_physics_frames(), "time_scale": Engine.time_scale}
