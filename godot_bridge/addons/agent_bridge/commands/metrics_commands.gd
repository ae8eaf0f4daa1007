extends RefCounted
## The game's health: `metrics` reads the engine's monitors (nodes, orphan nodes, objects,
## resources, memory, frame times) and can list the orphan nodes; `measure` times the game's
## frames one by one (over N frames, or between `measure_start` and `measure_stop`).
##
## The engine's own frame-time monitors hold the slowest frame of the last second, updated once
## a second, so a frame of its own is timed here: two probe nodes bracket the frame's callbacks,
## one processed before every other node (the lowest priority) and one after (the highest).
## `process_ms` is the time from the first `_process` to the end of the last one; `physics_ms`
## is the time from the frame's first physics tick to its process step (the `_physics_process`
## callbacks and the physics engine's step; 0 in a frame without a tick). When the game renders,
## each frame also counts its draw calls.

const CommandError := preload("../command_error.gd")
const Services := preload("../services.gd")
## At most this many frames per measurement (about 28 minutes at 60 frames a second).
const MAX_FRAMES := 100000
const MAX_ORPHANS_LISTED := 1000


## The probe: bracketing nodes and the samples of the frames they saw.
class FrameProbe extends RefCounted:
	var process_ms: Array[float] = []
	var physics_ms: Array[float] = []
	var draw_calls: Array[int] = []
	var rendering: bool = DisplayServer.get_name() != "headless"
	var _first: ProbeNode
	var _last: ProbeNode
	var _physics_start_usec: int = -1
	var _process_start_usec: int = -1

	func _init(parent: Node) -> void:
		_first = ProbeNode.new(self, true)
		_last = ProbeNode.new(self, false)
		parent.add_child(_first, false, Node.INTERNAL_MODE_BACK)
		parent.add_child(_last, false, Node.INTERNAL_MODE_BACK)

	func frames() -> int:
		return process_ms.size()

	func stop() -> void:
		for node: ProbeNode in [_first, _last]:
			if is_instance_valid(node):
				node.get_parent().remove_child(node)
				node.free()

	func summary() -> Dictionary:
		var data := {"frames": frames(), "process_ms": process_ms, "physics_ms": physics_ms,
			"rendering": rendering}
		if rendering:
			data["draw_calls"] = draw_calls
		return data

	func on_physics(first: bool) -> void:
		if first and _physics_start_usec < 0:
			_physics_start_usec = Time.get_ticks_usec()

	func on_process(first: bool) -> void:
		var now := Time.get_ticks_usec()
		if first:
			_process_start_usec = now
			return
		if _process_start_usec < 0:
			return  # started between the two probes: the frame is not whole
		process_ms.append((now - _process_start_usec) / 1000.0)
		physics_ms.append(0.0 if _physics_start_usec < 0
			else (_process_start_usec - _physics_start_usec) / 1000.0)
		if rendering:
			draw_calls.append(RenderingServer.get_rendering_info(
				RenderingServer.RENDERING_INFO_TOTAL_DRAW_CALLS_IN_FRAME))
		_physics_start_usec = -1
		_process_start_usec = -1


## One of the two bracketing nodes: the first runs its callbacks before every other node's,
## the last after.
class ProbeNode extends Node:
	var _probe: FrameProbe
	var _first: bool

	func _init(probe: FrameProbe, first: bool) -> void:
		_probe = probe
		_first = first
		name = "FrameProbeFirst" if first else "FrameProbeLast"
		process_mode = Node.PROCESS_MODE_ALWAYS
		var priority: int = -2147483648 if first else 2147483647
		process_priority = priority
		process_physics_priority = priority

	func _process(_delta: float) -> void:
		_probe.on_process(_first)

	func _physics_process(_delta: float) -> void:
		_probe.on_physics(_first)


var _bridge: Services.Bridge
var _clock: Services.Clock
var _running: FrameProbe  # between measure_start and measure_stop


func _init(services: Services) -> void:
	_bridge = services.bridge
	_clock = services.clock


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("metrics", _metrics, {
		"orphans": {"type": "boolean", "default": false,
			"description": "also list the orphan nodes (outside the tree, not freed)"},
		"limit": {"type": "integer", "default": 100, "minimum": 0,
			"maximum": MAX_ORPHANS_LISTED, "description": "list at most this many orphans"},
	}, "The engine's monitors: nodes, orphan nodes, objects, resources, memory, frame times.",
		"bridge")
	dispatcher.register("measure", _measure, {
		"frames": {"type": "integer", "minimum": 1, "maximum": MAX_FRAMES},
		"timeout_ms": {"type": "integer", "default": 60000, "minimum": 0,
			"maximum": 600000},
	}, "Time the next N frames one by one: process and physics time (and draw calls when "
		+ "rendering) per frame.", "bridge")
	dispatcher.register("measure_start", _measure_start, {},
		"Start timing every frame until measure_stop (a measurement already running restarts).",
		"bridge")
	dispatcher.register("measure_stop", _measure_stop, {},
		"Stop the measurement measure_start began; answers its frames as measure does.",
		"bridge")


func _metrics(args: Dictionary) -> Variant:
	var data := {
		"frame": _clock.frame,
		"nodes": int(Performance.get_monitor(Performance.OBJECT_NODE_COUNT)),
		"orphan_nodes": int(Performance.get_monitor(Performance.OBJECT_ORPHAN_NODE_COUNT)),
		"objects": int(Performance.get_monitor(Performance.OBJECT_COUNT)),
		"resources": int(Performance.get_monitor(Performance.OBJECT_RESOURCE_COUNT)),
		"static_memory": int(Performance.get_monitor(Performance.MEMORY_STATIC)),
		"static_memory_max": int(Performance.get_monitor(Performance.MEMORY_STATIC_MAX)),
		"fps": Performance.get_monitor(Performance.TIME_FPS),
		"process_ms": Performance.get_monitor(Performance.TIME_PROCESS) * 1000.0,
		"physics_ms": Performance.get_monitor(Performance.TIME_PHYSICS_PROCESS) * 1000.0,
	}
	if args.orphans:
		var ids := Node.get_orphan_node_ids()
		data["orphan_nodes"] = ids.size()
		data["orphans"] = _describe_orphans(ids, args.limit)
	return data


## {"id", "name", "type", "class", "path", "script", "top"} of each orphan: `path` runs from the
## top of its detached branch (the node someone removed and never freed), `top` marks that node.
static func _describe_orphans(ids: Array[int], limit: int) -> Array[Dictionary]:
	var listed: Array[Dictionary] = []
	for id: int in ids:
		if listed.size() >= limit:
			break
		var node := instance_from_id(id) as Node
		if node == null:
			continue
		var script: Script = node.get_script()
		var type := String(script.get_global_name()) if script != null else ""
		var entry := {"id": id, "name": String(node.name),
			"type": type if type != "" else node.get_class(), "class": node.get_class(),
			"path": _branch_path(node), "top": node.get_parent() == null}
		if script != null and script.resource_path != "":
			entry["script"] = script.resource_path
		listed.append(entry)
	return listed


## The names from the top of the node's detached branch down to it: "Bullet/Sprite2D".
static func _branch_path(node: Node) -> String:
	var names: Array[String] = [String(node.name)]
	var above := node.get_parent()
	while above != null:
		names.push_front(String(above.name))
		above = above.get_parent()
	return "/".join(names)


func _measure(args: Dictionary) -> Variant:
	var probe := FrameProbe.new(_bridge)
	var deadline: int = Time.get_ticks_msec() + args.timeout_ms
	while probe.frames() < args.frames:
		if args._cancel.cancelled or Time.get_ticks_msec() > deadline:
			probe.stop()
			if args._cancel.cancelled:
				return CommandError.new(CommandError.CANCELLED, "Cancelled.")
			return CommandError.timeout("Measured %d of %d frames in %d ms." % [
				probe.frames(), args.frames, args.timeout_ms])
		await _next_frame()
	probe.stop()
	return probe.summary()


func _measure_start(_args: Dictionary) -> Variant:
	if _running != null:
		_running.stop()
	_running = FrameProbe.new(_bridge)
	return {"started": true, "frame": _clock.frame}


func _measure_stop(_args: Dictionary) -> Variant:
	if _running == null:
		return CommandError.not_found("No measurement is running: send measure_start first.")
	_running.stop()
	var summary := _running.summary()
	_running = null
	return summary


## Lets one frame pass (the one place this module waits for the game's clock).
func _next_frame() -> void:
	await _clock.next_frame()
