extends RefCounted
## Commands about time and flow: get_events, wait, cancel, change_scene, quit.

const AgentMode := preload("../agent_mode.gd")
const CommandError := preload("../command_error.gd")

var _bridge: Node


func _init(bridge: Node) -> void:
	_bridge = bridge


func register_into(dispatcher: RefCounted) -> void:
	dispatcher.register("get_events", _get_events, {},
		"Drain the event queue: signals that fired since the last response.", "bridge")
	dispatcher.register("wait", _wait, {
		"frames": {"type": "integer", "optional": true, "minimum": 1,
			"maximum": AgentMode.MAX_FRAMES},
		"settled": {"type": "boolean", "optional": true,
			"description": "wait until nothing animates for quiet_frames frames"},
		"quiet_frames": {"type": "integer", "default": 2, "minimum": 1, "maximum": 1000},
		"timeout_ms": {"type": "integer", "default": 5000, "minimum": 0,
			"maximum": AgentMode.MAX_TIMEOUT_MS},
	}, "Wait for N frames, or until the game is settled; TIMEOUT past timeout_ms.", "bridge")
	dispatcher.register("cancel", _cancel, {
		"id": {"type": "any", "description": "the id of a request still running"},
	}, "Stop a request that is still running (a long wait): it answers CANCELLED at once.",
		"bridge")
	dispatcher.register("change_scene", _change_scene, {
		"path": {"type": "string", "description": "a res:// scene file"},
	}, "Switch the current scene; answers once the new scene is in the tree.", "bridge")
	dispatcher.register("quit", _quit, {
		"exit_code": {"type": "integer", "default": 0},
	}, "Quit the game after answering.", "bridge")


func _get_events(_args: Dictionary) -> Variant:
	return _bridge.events.drain()


func _wait(args: Dictionary) -> Variant:
	var tree: SceneTree = _bridge.get_tree()
	var deadline: int = Time.get_ticks_msec() + args.timeout_ms
	if args.has("frames") == args.get("settled", false):
		return CommandError.invalid_args("wait takes exactly one of 'frames' or "
			+ "'settled: true'.")
	var waited := 0
	if args.has("frames"):
		while waited < args.frames:
			if args._cancel.cancelled:
				return CommandError.new(CommandError.CANCELLED, "Cancelled.")
			if Time.get_ticks_msec() > deadline:
				return CommandError.timeout("Waited %d of %d frames in %d ms." % [
					waited, args.frames, args.timeout_ms])
			await tree.process_frame
			waited += 1
		return {"frames_waited": waited}
	var start_frame := Engine.get_process_frames()
	var reason: String = await _bridge.mode.wait_settled(args.quiet_frames, args.timeout_ms,
		args._cancel)
	if reason != "":
		return CommandError.timeout("The game did not settle within %d ms (%s)." % [
			args.timeout_ms, reason])
	return {"frames_waited": Engine.get_process_frames() - start_frame}


func _cancel(args: Dictionary) -> Variant:
	var id: Variant = args.id
	if id is float and id == floorf(id):
		id = int(id)
	if not _bridge.cancel(id):
		return CommandError.not_found("No request with id %s is running (it may have been "
			% JSON.stringify(args.id) + "answered already).")
	return {"cancelled": id}


func _change_scene(args: Dictionary) -> Variant:
	var path: String = args.path
	var outside := project_path_problem(path)
	if outside != "":
		return CommandError.invalid_args(outside)
	if not ResourceLoader.exists(path, "PackedScene"):
		return CommandError.not_found("There is no scene file %s." % path)
	var tree: SceneTree = _bridge.get_tree()
	_bridge.mode.scene_change_pending = true
	var error := tree.change_scene_to_file(path)
	if error != OK:
		_bridge.mode.scene_change_pending = false
		return CommandError.invalid_args("Cannot change to %s: %s." % [
			path, error_string(error)])
	var deadline := Time.get_ticks_msec() + 10000
	while tree.current_scene == null or tree.current_scene.scene_file_path != path:
		if Time.get_ticks_msec() > deadline or args._cancel.cancelled:
			_bridge.mode.scene_change_pending = false
			return CommandError.timeout("%s did not appear within 10 s." % path)
		await tree.process_frame
	_bridge.mode.scene_change_pending = false
	# The scene_changed event comes from the tree itself, as for the game's own changes.
	return {"scene": path, "root": str(tree.current_scene.get_path())}


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
