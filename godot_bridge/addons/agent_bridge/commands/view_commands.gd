extends RefCounted
## What the agent sees: the accessibility snapshot with refs, and screenshots (PNG files in the
## session's artifacts folder) when the game renders.

const CommandError := preload("../command_error.gd")
const NodeLocator := preload("../node_locator.gd")
const Pointer := preload("../pointer.gd")
const Snapshot := preload("../snapshot.gd")

const LABEL_COLOR := Color(1.0, 0.9, 0.1)
const BOX_COLOR := Color(1.0, 0.2, 0.6)

var _bridge: Node
var _locator: NodeLocator
var _snapshot: Snapshot
var _pointer: Pointer
var _shots: int = 0


func _init(bridge: Node, locator: NodeLocator, snapshot: Snapshot, pointer: Pointer) -> void:
	_bridge = bridge
	_locator = locator
	_snapshot = snapshot
	_pointer = pointer


func register_into(dispatcher: RefCounted) -> void:
	var schema := Snapshot.OPTIONS_SCHEMA.duplicate(true)
	schema["root"] = {"type": "string", "default": "/root"}
	dispatcher.register("snapshot", _take_snapshot, schema, "Accessibility snapshot: an indented role/name tree where everything a player could act "
		+ "on has a ref (e1, e2, ...), kept for as long as it lives, usable instead of a path.",
		"bridge")
	dispatcher.register("screenshot", _screenshot, NodeLocator.with_target({
		"annotate": {"type": "boolean", "default": false,
			"description": "draw each ref of the latest snapshot on the image"},
		"name": {"type": "string", "optional": true, "description": "file name (.png)"},
		"format": {"type": "string", "default": "png", "enum": ["png", "rgba"],
			"description": "png, or rgba: the raw 8-bit RGBA pixels, row by row (for comparing)"},
		"hide_caret": {"type": "boolean", "default": false,
			"description": "draw text fields without their caret, so a picture does not "
				+ "depend on when the caret blinks"},
	}), "Save a PNG of the viewport (or of one node's rect) into the session's artifacts.",
		"bridge")


func _take_snapshot(args: Dictionary) -> Variant:
	var root: Variant = _locator.find_path(args.root)
	if root is CommandError:
		return root
	return _snapshot.take(root, args)


func _screenshot(args: Dictionary) -> Variant:
	if DisplayServer.get_name() == "headless":
		return CommandError.unsupported("Screenshots need rendering, and this game runs "
			+ "--headless: launch it with render=True (agent-bridge start --render), which "
			+ "runs it under a virtual display with the CPU renderer.")
	var crop := Rect2()
	if args.has("path") or args.has("ref"):
		var target: Variant = _locator.find_target(args)
		if target is CommandError:
			return target
		crop = _pointer.target_rect(target.node, target.item)
	var overlay: Window = null
	if args.annotate:
		if _snapshot.shown_refs().is_empty():
			_snapshot.take(_bridge.get_tree().root, {})
		overlay = _annotations()
		_bridge.add_child(overlay)
		overlay.show()
	var carets: Dictionary = _hide_carets() if args.hide_caret else {}
	await RenderingServer.frame_post_draw
	await RenderingServer.frame_post_draw
	var image := _bridge.get_viewport().get_texture().get_image()
	_restore_carets(carets)
	if overlay != null:
		overlay.free()
	if crop.has_area():
		image = image.get_region(Rect2i(crop).intersection(Rect2i(Vector2i.ZERO, image.get_size())))
	_shots += 1
	var extension: String = "." + args.format
	var file_name: String = args.get("name", "screenshot-%03d%s" % [_shots, extension])
	if not file_name.ends_with(extension):
		file_name += extension
	var path: String = _bridge.session_dir.path_join("artifacts").path_join(file_name.get_file())
	DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	var error := image.save_png(path) if args.format == "png" else _save_rgba(image, path)
	if error != OK:
		return CommandError.internal("Could not write %s: %s." % [path, error_string(error)])
	return {"path": path, "width": image.get_width(), "height": image.get_height(),
		"bytes": FileAccess.get_file_as_bytes(path).size(), "format": args.format}


static func _save_rgba(image: Image, path: String) -> Error:
	if image.get_format() != Image.FORMAT_RGBA8:
		image.convert(Image.FORMAT_RGBA8)
	var file := FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		return FileAccess.get_open_error()
	file.store_buffer(image.get_data())
	file.close()
	return OK


## Makes every text field's caret transparent; returns what to put back (control -> its own
## caret color override, or null when it had none).
func _hide_carets() -> Dictionary:
	var hidden := {}
	for type: String in ["LineEdit", "TextEdit"]:
		for control: Node in _bridge.get_tree().root.find_children("*", type, true, false):
			var field := control as Control
			hidden[field] = field.get_theme_color("caret_color") \
				if field.has_theme_color_override("caret_color") else null
			field.add_theme_color_override("caret_color", Color.TRANSPARENT)
	return hidden


func _restore_carets(hidden: Dictionary) -> void:
	for field: Variant in hidden:
		if not is_instance_valid(field):
			continue
		if hidden[field] == null:
			(field as Control).remove_theme_color_override("caret_color")
		else:
			(field as Control).add_theme_color_override("caret_color", hidden[field])


## A box and a label for every ref of the latest snapshot, in a see-through window kept above
## every other window (a canvas layer would be drawn under open dialogs and popups).
func _annotations() -> Window:
	var layer := Window.new()
	layer.borderless = true
	layer.transparent = true
	layer.transparent_bg = true
	layer.always_on_top = true
	layer.unfocusable = true
	layer.mouse_passthrough = true
	layer.visible = false
	layer.position = Vector2i.ZERO
	layer.size = Vector2i(_bridge.get_viewport().get_visible_rect().size)
	for ref: String in _snapshot.shown_refs():
		var target: Variant = _locator.find_target({"ref": ref})
		if target is CommandError:
			continue
		var rect: Rect2 = _pointer.target_rect(target.node, target.item)
		if not rect.has_area():
			continue
		var box := ReferenceRect.new()
		box.editor_only = false
		box.border_color = BOX_COLOR
		box.border_width = 2.0
		box.position = rect.position
		box.size = rect.size
		box.mouse_filter = Control.MOUSE_FILTER_IGNORE
		var label := Label.new()
		label.text = ref
		label.position = rect.position + Vector2(2, -2)
		label.add_theme_color_override("font_color", LABEL_COLOR)
		label.add_theme_color_override("font_outline_color", Color.BLACK)
		label.add_theme_constant_override("outline_size", 4)
		label.mouse_filter = Control.MOUSE_FILTER_IGNORE
		layer.add_child(box)
		layer.add_child(label)
	return layer
