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
## - Window events (focus, the size, the close button) are `window` lines. Focus is the OS
##   window's: the root window also loses and regains focus when one of the game's embedded
##   dialogs or popups takes it and gives it back, which the game does again when replayed
##   (a replayed focus change there would drop the mouse focus of a button being pressed).
##   The mouse entering or leaving the window is not recorded: the bridge's own pointer makes
##   the engine report it too, and what follows from it (hover) comes with the mouse events.
## - A recording from launch begins at frame 0, but the window, the desktop and the person act
##   from the moment it opens: what comes before the header is held back and written right
##   after it, in order, at the start frame and marked `early` (a replay applies it before the
##   first checkpoint), except input, which no replay can deliver before frame 0: it is counted
##   in the header's `dropped_before_start`. The header is always the first line.
## - Lines reach the disk at every frame start, so a game that crashes or is killed leaves a
##   file that reads up to its last frames (without an end line).
##
## Nothing here runs unless a recording was started: the bridge emits its two signals with
## nobody connected.

const Codec := preload("value_codec.gd")
const EventCodec := preload("event_codec.gd")
const FileChannel := preload("file_channel.gd")
const InputEvents := preload("input_events.gd")
const Items := preload("items.gd")
const Roles := preload("snapshot_roles.gd")
const Services := preload("services.gd")
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
	"value_changed", "item_selected", "multi_selected", "item_activated", "tab_changed",
	"id_pressed", "color_changed", "scene_changed"]
## Signals that choose an entry of the control that sent them (an event line's `item`).
const CHOICE_EVENTS := ["item_selected", "multi_selected", "item_activated", "tab_changed",
	"id_pressed"]
const MAX_NUMBERED := 4096

var path: String = ""
var every: int = 30
var annotate: bool = false
var start_frame: int = 0
var lines: int = 0
var inputs: int = 0
var requests: int = 0
var finished: bool = false

var _bridge: Services.Bridge
var _clock: Services.Clock
var _events: Services.EventQueue
var _refs: Services.Refs
var _dispatcher: Services.Dispatcher
var _digest: StateDigest
var _file: FileAccess
var _header: Dictionary = {}
var _last_fields: Dictionary = {}
var _next_number: int = 1
var _numbers: Dictionary = {}  # request id -> its number in the file
var _closing: String = ""
var _before_start: int = 0
var _early: Array[Dictionary] = []  # lines that came before the header, in order
var _unflushed: bool = false
var _end: Dictionary = {}
var _dialog_buttons: Dictionary = {}  # a dialog's own button -> its handler (annotated)
var _os_focused: bool = true


func _init(services: Services) -> void:
	_bridge = services.bridge
	_clock = services.clock
	_events = services.events
	_refs = services.refs
	_dispatcher = services.dispatcher
	_digest = StateDigest.new(_bridge)


## Opens the file and starts listening. Returns "" or why it cannot record. With `at_launch`
## the header and first checkpoint wait for frame 0 (the main scene is not in the tree yet).
func start(file_path: String, checkpoint_every: int, with_notes: bool, at_launch: bool) -> String:
	_file = FileAccess.open(file_path, FileAccess.WRITE)
	if _file == null:
		return "cannot write %s (%s)" % [file_path, error_string(FileAccess.get_open_error())]
	path = file_path
	_os_focused = DisplayServer.window_is_focused()
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
		_events.pushed.connect(_on_game_event)
		_bridge.get_tree().node_added.connect(_on_node_added)
		for dialog: Node in root.find_children("*", "AcceptDialog", true, false):
			for button: Node in _button_box(dialog as AcceptDialog).get_children(true):
				_on_node_added(button)
	if not at_launch:
		_begin(true)
	return ""


## Ends the recording: the end line (a digest with every node's field hashes, unless the game
## is already going away), then the file is closed. Returns what it recorded.
func finish(reason: String) -> Dictionary:
	if finished:
		return _end
	finished = true
	_disconnect()
	var live := reason != "exit"  # the tree is going away: nothing of it to digest
	if _header.is_empty():
		_begin(live)
	var line := {"t": "end", "f": _clock.frame, "reason": reason}
	if live:
		line.merge(_checkpoint_fields(true))
	if annotate and live:
		line["texts"] = _visible_texts()
	_write(line)
	_file.close()
	_end = {"path": path, "frames": _clock.frame - start_frame, "lines": lines,
		"inputs": inputs, "requests": requests, "bytes": FileAccess.get_file_as_bytes(
			path).size(), "frame": _clock.frame, "digest": line.get("digest", "")}
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
	if annotate and _events.pushed.is_connected(_on_game_event):
		_events.pushed.disconnect(_on_game_event)
	if _bridge.get_tree().node_added.is_connected(_on_node_added):
		_bridge.get_tree().node_added.disconnect(_on_node_added)
	for button: Variant in _dialog_buttons:  # freed ones included
		if is_instance_valid(button) and button.is_connected("pressed", _dialog_buttons[button]):
			button.disconnect("pressed", _dialog_buttons[button])
	_dialog_buttons.clear()


## The header, what came before it (at the start frame, marked early), and, unless the game
## is already going away (`live` false), the first checkpoint. Everything is on disk at once.
func _begin(live: bool) -> void:
	var tree: SceneTree = _bridge.get_tree()
	start_frame = _clock.frame
	var scene := tree.current_scene
	_header = {"t": "header", "format": FORMAT, "engine": "godot",
		"engine_version": str(Engine.get_version_info().string),
		"bridge": _bridge_version(), "protocol": _bridge.PROTOCOL,
		"project": str(ProjectSettings.get_setting("application/config/name", "")),
		"project_path": ProjectSettings.globalize_path("res://").trim_suffix("/"),
		"scene": scene.scene_file_path if scene != null else "",
		"main_scene": str(ProjectSettings.get_setting("application/run/main_scene", "")),
		"seed": _clock.seed_value, "fps": _clock.fps,
		"physics_ticks": Engine.physics_ticks_per_second, "time_scale": Engine.time_scale,
		"time": _clock.mode, "window": [tree.root.size.x, tree.root.size.y],
		"rendered": DisplayServer.get_name() != "headless",
		"start_frame": start_frame, "checkpoint_every": every, "annotated": annotate,
		"dropped_before_start": _before_start,
		"recorded_at": Time.get_datetime_string_from_system(true) + "Z"}
	if annotate and live:
		_header["texts"] = _visible_texts()
	_write(_header)
	for line: Dictionary in _early:
		line["f"] = start_frame
		line["early"] = true
		_write(line)
	_early.clear()
	if live:
		_write(_checkpoint_line())
	_flush()


func _on_frame(frame: int) -> void:
	if _header.is_empty():
		_begin(true)
		if _closing == "":
			return
	if _closing != "":
		finish(_closing)
		return
	if (frame - start_frame) % every == 0:
		_write(_checkpoint_line())
	_flush()


func _checkpoint_line() -> Dictionary:
	var line := {"t": "check", "f": _clock.frame}
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
	var line := {"t": "input", "f": _clock.frame, "e": EventCodec.encode(event)}
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
			_add({"t": "cancel", "f": _clock.frame, "n": number})
		return
	if NOT_RECORDED.has(command):
		return
	if _numbers.size() >= MAX_NUMBERED:
		_numbers.clear()
	_numbers[request.id] = _next_number
	requests += 1
	_add({"t": "request", "f": _clock.frame, "n": _next_number, "cmd": command,
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
## that without sending events), so a replay must know when. Only the OS window's changes
## count (the display server has them before the root window's signal comes); a headless
## window is always focused.
func _on_focus_in() -> void:
	_on_focus()


func _on_focus_out() -> void:
	_on_focus()


func _on_focus() -> void:
	var focused := DisplayServer.window_is_focused()
	if focused == _os_focused:
		return  # an embedded window took the focus or gave it back
	_os_focused = focused
	_add({"t": "window", "f": _clock.frame,
		"event": "focus_in" if focused else "focus_out"})


func _on_size() -> void:
	var size: Vector2i = _bridge.get_tree().root.size
	_add({"t": "window", "f": _clock.frame, "event": "size", "size": [size.x, size.y]})


func _on_close() -> void:
	_add({"t": "window", "f": _clock.frame, "event": "close"})
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
	var node := _bridge.get_tree().root.get_node_or_null(NodePath(event.source)) \
		if (event.source as String).begins_with("/root") else null
	if node != null and event.type == "toggled" and Roles.kind_of(node).popup_button:
		return  # its popup opening or closing: the press and the choice in it tell more
	var line := {"t": "event", "f": _clock.frame, "type": event.type,
		"source": event.source, "args": event.args}
	if node != null:
		line.merge(_describe(node))
		if CHOICE_EVENTS.has(event.type):
			var text := _chosen_item(node, event.args)
			if text != "":
				line["item"] = text
		elif event.type == "color_changed":
			var color := _color_text(event.args)
			if color != "":
				line["value"] = color
	_add(line)


## A dialog's own buttons (OK, Cancel and those added with add_button) are the dialog's
## make-up, so no event reports them; an annotated recording notes their presses itself, with
## the dialog they belong to (codegen finds the button inside it).
func _on_node_added(node: Node) -> void:
	var dialog := node.get_parent().get_parent() as AcceptDialog \
		if node is Button and node.get_parent() != null else null
	if dialog == null or node.get_parent() != _button_box(dialog) \
			or _dialog_buttons.has(node):
		return
	var handler := _on_dialog_button.bind(node, dialog)
	_dialog_buttons[node] = handler
	node.connect("pressed", handler)


func _on_dialog_button(button: Button, dialog: AcceptDialog) -> void:
	var line := {"t": "event", "f": _clock.frame, "type": "pressed",
		"source": str(button.get_path()), "args": [], "dialog": _describe(dialog)}
	line.merge(_describe(button))
	_add(line)


static func _button_box(dialog: AcceptDialog) -> Node:
	return dialog.get_ok_button().get_parent()


## The entry a choice signal chose, as `select` names it again: its text, a tree row's path
## of texts ("Video/Quality"; a top row's path is its text); "" when the signal let go of an
## entry (multi_selected with `selected` false) or names none.
static func _chosen_item(node: Node, args: Array) -> String:
	if node is Tree:
		var tree: Tree = node
		if args.is_empty():  # item_selected, item_activated: the row is the selected one
			var row := tree.get_selected()
			return Items.row_path(tree, row) if row != null else ""
		var chosen: Variant = args[0]  # multi_selected(item, column, selected), on the wire
		if args.size() < 3 or args[2] != true or not chosen is Dictionary:
			return ""
		return str((chosen as Dictionary).get("tree_item", ""))
	if args.is_empty() or not (args[0] is int or args[0] is float):
		return ""
	if args.size() > 1 and args[1] is bool and args[1] == false:
		return ""  # an item list's multi_selected(index, false)
	var at := int(args[0])
	if node is PopupMenu:  # its id_pressed names the entry's id
		at = (node as PopupMenu).get_item_index(at)
	return Items.text_at(node, at)


## A color_changed's color as set_value takes it: "#rrggbb", or "#rrggbbaa" when not opaque.
static func _color_text(args: Array) -> String:
	var wire: Variant = args[0] if not args.is_empty() else null
	if not wire is Dictionary or not (wire as Dictionary).has("html"):
		return ""
	var color := Color.html(str((wire as Dictionary).html))
	return "#" + color.to_html(color.a < 1.0)


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


## A line of the recording: written, or held back while the header waits for frame 0.
func _add(line: Dictionary) -> void:
	if _header.is_empty():
		_early.append(line)
	else:
		_write(line)


func _write(line: Dictionary) -> void:
	_file.store_line(FileChannel.json_safe(JSON.stringify(Codec.to_wire(line), "", false, true)))
	lines += 1
	_unflushed = true


func _flush() -> void:
	if _unflushed:
		_file.flush()
		_unflushed = false


## The addon's version, from its plugin.cfg.
func _bridge_version() -> String:
	var config := ConfigFile.new()
	var base: String = (_bridge.get_script() as Script).resource_path
	if config.load(base.get_base_dir().path_join("plugin.cfg")) != OK:
		return ""
	return str(config.get_value("plugin", "version", ""))
