extends RefCounted
## Commands about time and flow: get_events, wait, cancel, change_scene, quit.

const Clock := preload("../clock.gd")
const CommandError := preload("../command_error.gd")
const Conditions := preload("../conditions.gd")

## How long a scene change may take to show its scene.
const SCENE_CHANGE_MS := 10000

var _bridge: Node


func _init(bridge: Node) -> void:
	_bridge = bridge


func register_into(dispatcher: RefCounted) -> void:
	dispatcher.register("get_events", _get_events, {},
		"Drain the event queue: signals that fired since the last response.", "bridge")
	dispatcher.register("wait", _wait, Conditions.schema({
		"frames": {"type": "integer", "optional": true, "minimum": 1,
			"maximum": Clock.MAX_FRAMES},
		"settled": {"type": "boolean", "optional": true,
			"description": "wait until nothing animates for quiet_frames frames"},
		"quiet_frames": {"type": "integer", "default": 2, "minimum": 1, "maximum": 1000},
		"timeout_ms": {"type": "integer", "default": 5000, "minimum": 0,
			"maximum": Clock.MAX_TIMEOUT_MS,
			"description": "game time in lockstep, wall time in realtime"},
	}), "Wait for N frames, until the game is settled, or until a condition holds (an event, "
		+ "a node, a property, a shown text): the game runs meanwhile; TIMEOUT past "
		+ "timeout_ms.", "bridge")
	dispatcher.register("cancel", _cancel, {
		"id": {"type": "any", "description": "the id of a request still running"},
	}, "Stop a request that is still running (a long wait): it answers CANCELLED at once.",
		"bridge")
	dispatcher.register("change_scene", _change_scene, {
		"path": {"type": "string", "description": "a res:// (or uid://) scene file"},
	}, "Switch the current scene; answers once the new scene is in the tree.", "bridge")
	dispatcher.register("quit", _quit, {
		"exit_code": {"type": "integer", "default": 0},
	}, "Quit the game after answering.", "bridge")


func _get_events(_args: Dictionary) -> Variant:
	return _bridge.events.drain()


## Frames pass while a wait runs (in lockstep too: a wait is a request that needs them), and
## each is checked as it begins, so a condition that holds for one frame is seen.
func _wait(args: Dictionary) -> Variant:
	var clock: RefCounted = _bridge.clock
	var kinds := ["frames", "settled", "event", "node", "text"].filter(
		func(k: String) -> bool: return args.has(k) and not (args[k] is bool and not args[k]))
	if kinds.size() != 1:
		return CommandError.invalid_args("wait takes exactly one of frames, settled: true, "
			+ "event, node or text.")
	var start: int = clock.frame
	if args.has("settled"):
		var reason: String = await _bridge.settled.wait_settled(args.quiet_frames,
			args.timeout_ms, args._cancel)
		if reason != "":
			return CommandError.timeout("The game did not settle within %d ms (%s)." % [
				args.timeout_ms, reason])
		return {"frames_waited": clock.frame - start}
	var check: Variant = (func() -> bool: return clock.frame - start >= args.frames) \
		if args.has("frames") else Conditions.check(_bridge, args)
	if check is CommandError:
		return check
	var end: Dictionary = clock.deadline(args.timeout_ms)
	var met: Variant = (check as Callable).call()
	while met is bool and not met:
		if args._cancel.cancelled:
			return CommandError.new(CommandError.CANCELLED, "Cancelled.")
		if clock.expired(end) and not args.has("frames"):
			return CommandError.timeout("Not met within %d ms (%d frames): %s." % [
				args.timeout_ms, clock.frame - start, _describe(args)])
		await clock.next_frame()
		met = (check as Callable).call()
	if met is CommandError:
		return met
	return {"frames_waited": clock.frame - start}


## The condition a wait was for, in words.
static func _describe(args: Dictionary) -> String:
	if args.has("event"):
		return "no '%s' event" % args.event
	if args.has("text"):
		return "no shown text '%s'" % args.text
	if args.has("property"):
		return "%s.%s %s %s never held" % [args.node, args.property, args.op,
			JSON.stringify(args.get("value"))]
	return "%s never %s" % [args.node, "appeared" if args.present else "went away"]


func _cancel(args: Dictionary) -> Variant:
	var id: Variant = args.id
	if id is float and id == floorf(id):
		id = int(id)
	if not _bridge.cancel(id):
		return CommandError.not_found("No request with id %s is running (it may have been "
			% JSON.stringify(args.id) + "answered already).")
	return {"cancelled": id}


func _change_scene(args: Dictionary) -> Variant:
	var path: Variant = scene_file(args.path)
	if path is RefCounted:
		return path
	var tree: SceneTree = _bridge.get_tree()
	_bridge.settled.scene_change_pending = true
	var error := tree.change_scene_to_file(path)
	if error != OK:
		_bridge.settled.scene_change_pending = false
		return CommandError.invalid_args("Cannot change to %s: %s." % [
			path, error_string(error)])
	var end: Dictionary = _bridge.clock.deadline(SCENE_CHANGE_MS)
	while tree.current_scene == null or tree.current_scene.scene_file_path != path:
		if _bridge.clock.expired(end) or args._cancel.cancelled:
			_bridge.settled.scene_change_pending = false
			return CommandError.timeout("%s did not appear within 10 s." % path)
		await _bridge.clock.next_frame()
	_bridge.settled.scene_change_pending = false
	# The scene_changed event comes from the tree itself, as for the game's own changes.
	return {"scene": path, "root": str(tree.current_scene.get_path())}


## The res:// scene file a scene argument names (a res:// path, or a uid:// as Godot 4.4 and
## later store the main scene), or the CommandError that says why there is none.
static func scene_file(scene: String) -> Variant:
	var path := scene
	if scene.begins_with("uid://"):
		var id := ResourceUID.text_to_id(scene)
		if id == ResourceUID.INVALID_ID or not ResourceUID.has_id(id):
			return CommandError.not_found("There is no scene file %s in the project." % scene)
		path = ResourceUID.get_id_path(id)
	var outside := project_path_problem(path)
	if outside != "":
		return CommandError.invalid_args(outside)
	if not ResourceLoader.exists(path, "PackedScene"):
		return CommandError.not_found("There is no scene file %s." % scene)
	return path


## Why `path` is not a file inside the project (res://), or "": a path argument must never
## reach outside it, however it is spelt.
static func project_path_problem(path: String) -> String:
	if not path.begins_with("res://"):
		return "%s is not a res:// path: scenes are named inside the project." % path
	var inside := path.trim_prefix("res://")
	if inside.contains("\\") or inside.begins_with("/") or inside.contains(":") \
			or ".." in inside.split("/"):
		return "%s reaches outside the project: use a plain res:// path." % path
	return ""


func _quit(args: Dictionary) -> Variant:
	_bridge.request_quit(args.exit_code)
	return {"quitting": true}
