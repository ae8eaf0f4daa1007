extends RefCounted
## Commands about time and flow: get_events, wait, change_scene, quit.

const CommandError := preload("../command_error.gd")

var _bridge: Node


func _init(bridge: Node) -> void:
	_bridge = bridge


func register_into(dispatcher: RefCounted) -> void:
	dispatcher.register("get_events", _get_events, {},
		"Drain the event queue: signals that fired since the last response.", "bridge")
	dispatcher.register("wait", _wait, {
		"frames": {"type": "integer", "optional": true, "minimum": 1},
		"settled": {"type": "boolean", "optional": true,
			"description": "wait until nothing animates for quiet_frames frames"},
		"quiet_frames": {"type": "integer", "default": 2, "minimum": 1},
		"timeout_ms": {"type": "integer", "default": 5000, "minimum": 0},
	}, "Wait for N frames, or until the game is settled; TIMEOUT past timeout_ms.", "bridge")
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
			if Time.get_ticks_msec() > deadline:
				return CommandError.timeout("Waited %d of %d frames in %d ms." % [
					waited, args.frames, args.timeout_ms])
			await tree.process_frame
			waited += 1
		return {"frames_waited": waited}
	var start_frame := Engine.get_process_frames()
	var reason: String = await _bridge.mode.wait_settled(args.quiet_frames, args.timeout_ms)
	if reason != "":
		return CommandError.timeout("The game did not settle within %d ms (%s)." % [
			args.timeout_ms, reason])
	return {"frames_waited": Engine.get_process_frames() - start_frame}


func _change_scene(args: Dictionary) -> Variant:
	var path: String = args.path
	if not path.begins_with("res://") or not ResourceLoader.exists(path):
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
		if Time.get_ticks_msec() > deadline:
			_bridge.mode.scene_change_pending = false
			return CommandError.timeout("%s did not appear within 10 s." % path)
		await tree.process_frame
	_bridge.mode.scene_change_pending = false
	# The scene_changed event comes from the tree itself, as for the game's own changes.
	return {"scene": path, "root": str(tree.current_scene.get_path())}


func _quit(args: Dictionary) -> Variant:
	_bridge.request_quit(args.exit_code)
	return {"quitting": true}
