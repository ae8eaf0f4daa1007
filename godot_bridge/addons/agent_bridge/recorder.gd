extends RefCounted
## Records a run as a replay file (docs/REPLAY.md): a header, then one line per thing that
## acted on the game, stamped with the bridge clock's frame, and the game's digest every N
## frames and at the end.
##
## - A person's input (keyboard, mouse, gamepad, in a rendered window) is seen on the root
##   window's `window_input` signal, which the engine emits for every event it flushes from its
##   input buffer before the game handles it. That flush comes at the start of the engine's
##   next iteration, before its physics ticks: an event stamped frame f reached the game after
##   frame f's processing, exactly where an event parsed (Input.parse_input_event) at the start
##   of frame f arrives. So a replay parses it then, and the game sees it at the same point.
## - A bridge request that acts on the game is one `request` line, refs turned into paths: run
##   again at its frame it rebuilds the same input events, picking, focus and direct changes
##   (fill, set_value, set_property, ...). The events the bridge itself parses carry the meta
##   BRIDGE_META and are left out of the input lines, since the request makes them again.
## - Window events (focus, the size, the close button) are `window` lines. The mouse entering
##   or leaving the window is not recorded: the bridge's own pointer makes the engine report
##   it too, and what follows from it (hover) comes with the mouse events anyway.
##
## Nothing here runs unless a recording was started: the bridge emits its two signals with
## nobody connected.

const Codec := preload("value_codec.gd")
const EventCodec := preload("event_codec.gd")
const FileChannel := preload("file_channel.gd")
const InputEvents := preload("input_events.gd")
const Items := preload("items.gd")
const Roles := preload("snapshot_roles.gd")
const StateDigest := preload("state_digest.gd")

const FORMAT := "agentbridge-replay/1"

## Requests that change nothing in the game (and those of recording and replay themselves).
const NOT_RECORDED := ["hello", "get_tree", "get_node", "get_property", "get_signals",
	"get_state", "list_actions", "snapshot", "screenshot", "get_events", "wait", "pause",
	"resume", "step", "step_until", "digest", "metrics", "measure", "measure_start",
	"measure_stop", "nearby", "raycast", "record_start", "record_stop", "replay", "cancel",
	"quit"]
## Action options that only shape the answer: left out of a recorded request.
const ANSWER_OPTIONS := ["settled", "snapshot", "timeout_ms"]
## Game events kept in an annotated recording (what codegen reads).
const CONTROL_EVENTS := ["pressed", "toggled", "text_changed", "text_submitted",
	"value_changed", "item_selected", "tab_changed", "id_pressed", "color_changed",
	"scene_changed"]
const MAX_NUMBERED := 4096

var path: String = ""
var every: int = 30
var annotate: bool = false
var start_frame: int = 0
var lines: int = 0
var inputs: int = 0
var requests: int = 0
var finished: bool = false

var _bridge: Node
var _refs: RefCounted
var _dispatcher: RefCounted
var _digest: StateDigest
var _file: FileAccess
var _header: Dictionary = {}
var _last_fields: Dictionary = {}
var _next_number: int = 1
var _numbers: Dictionary = {}  # request id -> its number in the file
var _closing: String = ""
var _before_start: int = 0
var _end: Dictionary = {}


func _init(bridge: Node, refs: RefCounted, dispatcher: RefCounted) -> void:
	_bridge = bridge
	_refs = refs
	_dispatcher = dispatcher
	_digest = StateDigest.new(bridge)


## Opens the file and starts listening. Returns "" or why it cannot record. With `at_launch`
## the header and first checkpoint wait for frame 0 (the main scene is not in the tree yet).
func start(file_path: String, checkpoint_every: int, with_notes: bool, at_launch: bool) -> String:
	_file = FileAccess.open(file_path, FileAccess.WRITE)
	if _file == null:
		return "cannot write %s (%s)" % [file_path, error_string(FileAccess.get_open_error())]
	path = file_path
	every = checkpoint_every
	annotate = with_notes
	var root := _bridge.get_tree().root
	_bridge.frame_started.connect(_on_frame)
	_bridge.request_started.connect(_on_request)
	_bridge.tree_exiting.connect(_on_exit)
	root.window_input.connect(_on_input)
	root.close_requested.connect(_on_close)
	root.focus_entered.connect(_on_focus_in)
	root.focus_exited.connect(_on_focus_out)
	root.size_changed.connect(_on_size)
	if annotate:
		_bridge.events.pushed.connect(_on_game_event)
	if not at_launch:
		_begin()
	return ""


## Ends the recording: the end line (a digest with every node's field hashes, unless the game
## is already going away), then the file is closed. Returns what it recorded.
func finish(reason: String) -> Dictionary:
	if finished:
		return _end
	finished = true
	_disconnect()
	if _header.is_empty():
		_begin()
	var line := {"t": "end", "f": _bridge.clock.frame, "reason": reason}
	if reason != "exit":
		line.merge(_checkpoint_fields(true))
	if annotate and reason != "exit":
		line["texts"] = _visible_texts()
	_write(line)
	_file.close()
	_end = {"path": path, "frames": _bridge.clock.frame - start_frame, "lines": lines,
		"inputs": inputs, "requests": requests, "bytes": FileAccess.get_file_as_bytes(
			path).size(), "frame": _bridge.clock.frame, "digest": line.get("digest", "")}
	return _end


func _disconnect() -> void:
	var root := _bridge.get_tree().root
	for connection: Dictionary in [
			{"signal": _bridge.frame_started, "callable": _on_frame},
			{"signal": _bridge.request_started, "callable": _on_request},
			{"signal": _bridge.tree_exiting, "callable": _on_exit},
			{"signal": root.window_input, "callable": _on_input},
			{"signal": root.close_requested, "callable": _on_close},
			{"signal": root.focus_entered, "callable": _on_focus_in},
			{"signal": root.focus_exited, "callable": _on_focus_out},
			{"signal": root.size_changed, "callable": _on_size}]:
		if (connection.signal as Signal).is_connected(connection.callable):
			(connection.signal as Signal).disconnect(connection.callable)
	if annotate and _bridge.events.pushed.is_connected(_on_game_event):
		_bridge.events.pushed.disconnect(_on_game_event)


## The header and the first checkpoint.
func _begin() -> void:
	var tree: SceneTree = _bridge.get_tree()
	var clock: RefCounted = _bridge.clock
	start_frame = clock.frame
	var scene := tree.current_scene
	_header = {"t": "header", "format": FORMAT, "engine": "godot",
		"engine_version": str(Engine.get_version_info().string),
		"bridge": _bridge_version(), "protocol": _bridge.PROTOCOL,
		"project": str(ProjectSettings.get_setting("application/config/name", "")),
		"project_path": ProjectSettings.globalize_path("res://").trim_suffix("/"),
		"scene": scene.scene_file_path if scene != null else "",
		"main_scene": str(ProjectSettings.get_setting("application/run/main_scene", "")),
		"seed": clock.seed_value, "fps": clock.fps,
		"physics_ticks": Engine.physics_ticks_per_second, "time_scale": Engine.time_scale,
		"time": clock.mode, "window": [tree.root.size.x, tree.root.size.y],
		"rendered": DisplayServer.get_name() != "headless",
		"start_frame": start_frame, "checkpoint_every": every, "annotated": annotate,
		"dropped_before_start": _before_start,
		"recorded_at": Time.get_datetime_string_from_system(true) + "Z"}
	if annotate:
		_header["texts"] = _visible_texts()
	_write(_header)
	_write(_checkpoint_line())


func _on_frame(frame: int) -> void:
	if _header.is_empty():
		_begin()
		return
	if _closing != "":
		finish(_closing)
	elif (frame - start_frame) % every == 0:
		_write(_checkpoint_line())
		_file.flush()


func _checkpoint_line() -> Dictionary:
	var line := {"t": "check", "f": _bridge.clock.frame}
	line.merge(_checkpoint_fields(false))
	return line


## The digest and the field hashes of the nodes that changed since the last checkpoint (all
## of them with `every_node`), and the paths of those that went.
func _checkpoint_fields(every_node: bool) -> Dictionary:
	var taken := _digest.take_fields(_bridge.get_tree().root)
	var changed := {}
	for node_path: String in taken.order:
		if every_node or _last_fields.get(node_path) != taken.fields[node_path]:
			changed[node_path] = taken.fields[node_path]
	var gone: Array = []
	for node_path: String in _last_fields:
		if not taken.fields.has(node_path):
			gone.append(node_path)
	_last_fields = taken.fields
	var out := {"digest": taken.digest, "count": taken.count, "nodes": changed}
	if not gone.is_empty():
		out["gone"] = gone
	return out


# --- what acted on the game -------------------------------------------------------------------

func _on_input(event: InputEvent) -> void:
	if event.has_meta(InputEvents.BRIDGE_META) or event.device == InputEvent.DEVICE_ID_EMULATION:
		return  # the bridge's own (its request is recorded) or made up by the engine
	if _header.is_empty():
		_before_start += 1  # reached the game before frame 0: no replay can deliver it there
		return
	var line := {"t": "input", "f": _bridge.clock.frame, "e": EventCodec.encode(event)}
	if annotate:
		var note := _note(event)
		if not note.is_empty():
			line["a"] = note
	inputs += 1
	_write(line)


func _on_request(request: Dictionary) -> void:
	var command: String = request.cmd
	if command == "quit":
		finish("quit")
		return
	if command == "cancel":
		var number: Variant = _numbers.get(request.args.get("id"))
		if number != null:
			_write({"t": "cancel", "f": _bridge.clock.frame, "n": number})
		return
	if NOT_RECORDED.has(command):
		return
	if _numbers.size() >= MAX_NUMBERED:
		_numbers.clear()
	_numbers[request.id] = _next_number
	requests += 1
	_write({"t": "request", "f": _bridge.clock.frame, "n": _next_number, "cmd": command,
		"args": _portable(command, request.args)})
	_next_number += 1


## The arguments without what only shapes the answer or repeats a default, and with refs
## turned into what names the node again in another run: {"path"} and, for an item, its key.
func _portable(command: String, args: Dictionary) -> Dictionary:
	var schema: Dictionary = _dispatcher.commands.get(command, {}).get("schema", {})
	var out := {}
	for key: String in args:
		if key.begins_with("_") or ANSWER_OPTIONS.has(key):
			continue
		var entry: Dictionary = schema.get(key, {})
		if entry.has("default") and args[key] == entry.default:
			continue
		out[key] = args[key]
	if out.get("ref") is String:
		out["ref"] = _portable_ref(out.ref)
	for end: String in ["from", "to"]:
		if out.get(end) is String and not (out[end] as String).begins_with("/"):
			out[end] = _portable_ref(out[end])
	return out


func _portable_ref(ref: String) -> Variant:
	var resolved: Variant = _refs.resolve(ref)
	if not resolved is Dictionary:
		return ref  # stale or malformed: the replayed request fails the same way
	var named := {"path": str((resolved.node as Node).get_path())}
	if resolved.item != null:
		named["item"] = resolved.item
	return named


## The window's focus: losing it lets go of every pressed key and action (the engine does
## that without sending events), so a replay must know when.
func _on_focus_in() -> void:
	_write({"t": "window", "f": _bridge.clock.frame, "event": "focus_in"})


func _on_focus_out() -> void:
	_write({"t": "window", "f": _bridge.clock.frame, "event": "focus_out"})


func _on_size() -> void:
	var size: Vector2i = _bridge.get_tree().root.size
	_write({"t": "window", "f": _bridge.clock.frame, "event": "size", "size": [size.x, size.y]})


func _on_close() -> void:
	_write({"t": "window", "f": _bridge.clock.frame, "event": "close"})
	_closing = "closed"


func _on_exit() -> void:
	finish("exit")


# --- notes for codegen ------------------------------------------------------------------------

## What a press landed on (the control under the mouse, an open popup's entry) or went to
## (the focused control), and the game actions a key plays.
func _note(event: InputEvent) -> Dictionary:
	var root := _bridge.get_tree().root
	var note := {}
	if event is InputEventMouseButton and (event as InputEventMouseButton).pressed:
		var point := (event as InputEventMouseButton).position
		for window: Window in root.get_embedded_subwindows():
			if window.visible and Rect2(window.position, window.size).has_point(point):
				note["window"] = _describe(window)
				if window is PopupMenu and (window as PopupMenu).get_focused_item() >= 0:
					note["item"] = (window as PopupMenu).get_item_text(
						(window as PopupMenu).get_focused_item())
		var hovered := root.gui_get_hovered_control()
		if not note.has("window") and hovered != null:
			note["hover"] = _describe(hovered)
	elif event is InputEventKey and (event as InputEventKey).pressed:
		var focus := root.gui_get_focus_owner()
		if focus != null:
			note["focus"] = _describe(focus)
	if event is InputEventKey:
		var key := event as InputEventKey
		note["key"] = OS.get_keycode_string(key.keycode if key.keycode != KEY_NONE
			else key.physical_keycode)
	if event is InputEventKey or event is InputEventJoypadButton \
			or event is InputEventJoypadMotion or event is InputEventMouseButton:
		var actions: Array = []
		for action: StringName in InputMap.get_actions():
			if not String(action).begins_with("ui_") and InputMap.event_is_action(event, action):
				actions.append(String(action))
		if not actions.is_empty():
			note["actions"] = actions
	return note


func _on_game_event(event: Dictionary) -> void:
	if not CONTROL_EVENTS.has(event.type):
		return
	var line := {"t": "event", "f": _bridge.clock.frame, "type": event.type,
		"source": event.source, "args": event.args}
	var node := _bridge.get_tree().root.get_node_or_null(NodePath(event.source)) \
		if (event.source as String).begins_with("/root") else null
	if node != null:
		line.merge(_describe(node))
		var index: Variant = event.args[0] if not (event.args as Array).is_empty() else null
		var text := _item_text(node, index)
		if text != "":
			line["item"] = text
	_write(line)


static func _item_text(node: Node, index: Variant) -> String:
	if not (index is int or index is float):
		return ""
	var at := int(index)
	if node is PopupMenu:  # its id_pressed names the entry's id
		at = (node as PopupMenu).get_item_index(at)
	return Items.text_at(node, at)


static func _describe(node: Node) -> Dictionary:
	return {"path": str(node.get_path()), "role": Roles.role_of(node),
		"name": Roles.name_of(node)}


## The texts a player sees: every visible label's (and rich text's) non-empty text.
func _visible_texts() -> Array:
	var texts: Array = []
	for node: Node in _bridge.get_tree().root.find_children("*", "Control", true, false):
		if (node is Label or node is RichTextLabel) and (node as Control).is_visible_in_tree():
			var text := str(node.get("text")).strip_edges()
			if text != "" and not texts.has(text):
				texts.append(text)
	return texts


func _write(line: Dictionary) -> void:
	_file.store_line(FileChannel.json_safe(JSON.stringify(Codec.to_wire(line), "", false, true)))
	lines += 1


## The addon's version, from its plugin.cfg.
func _bridge_version() -> String:
	var config := ConfigFile.new()
	var base: String = (_bridge.get_script() as Script).resource_path
	if config.load(base.get_base_dir().path_join("plugin.cfg")) != OK:
		return ""
	return str(config.get_value("plugin", "version", ""))
