extends RefCounted
## Time control: scale, pause, resume and step. `step` advances exactly N process frames and N
## physics ticks of a paused game; launched with a fixed frame rate (`--fixed-fps 60`, the
## client's `fixed_fps=`), every stepped frame has the same delta, so the same commands from
## the same start give the same frames and events.

const AgentMode := preload("../agent_mode.gd")
const CommandError := preload("../command_error.gd")

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


func _clock() -> Dictionary:
	return {"paused": _bridge.get_tree().paused, "frame": Engine.get_process_frames(),
		"physics_frame": Engine.get_physics_frames(), "time_scale": Engine.time_scale}
