extends RefCounted
## What the agent sees: the accessibility snapshot with refs, and screenshots (PNG files in the
## session's artifacts folder) when the game renders.

const CommandError := preload("../command_error.gd")
const NodeLocator := preload("../node_locator.gd")
const Pointer := preload("../pointer.gd")
const Services := preload("../services.gd")
const Snapshot := preload("../snapshot.gd")

const LABEL_COLOR := Color(1.0, 0.9, 0.1)
const BOX_COLOR := Color(1.0, 0.2, 0.6)
## Above the canvas the root viewport draws its embedded windows on (dialogs, popups: 1024).
const ANNOTATION_LAYER := 4096
const LABEL_SIZE := 16
const BORDER := 2.0

var _bridge: Services.Bridge
var _clock: Services.Clock
var _locator: NodeLocator
var _snapshot: Snapshot
var _pointer: Pointer
var _shots: int = 0


func _init(services: Services) -> void:
	_bridge = services.bridge
	_clock = services.clock
	_locator = services.locator
	_snapshot = services.snapshot()
	_pointer = services.pointer()


func register_into(dispatcher: Services.Dispatcher) -> void:
	var schema := Snapshot.OPTIONS_SCHEMA.duplicate(true)
	schema["root"] = {"type": "string", "default": "/root"}
	dispatcher.register("snapshot", _take_snapshot, schema, "Accessibility snapshot: an "
		+ "indented role/name tree where everything a player could act on has a ref (e1, e2, "
		+ "...), kept for as long as it lives, usable instead of a path.", "bridge")
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
	var image: Image = await _capture(args.annotate, args.hide_caret)
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


## The viewport's picture now, with the latest snapshot's refs drawn on it (`annotate`) and
## without text carets (`hide_caret`).
func _capture(annotate: bool, hide_caret: bool) -> Image:
	var overlay: Array[RID] = []
	if annotate:
		if _snapshot.shown_refs().is_empty():
			_snapshot.take(_bridge.get_tree().root, {})
		overlay = _draw_annotations()
	# A held game's carets blink in game time, so they look the same run after run; hiding
	# them would take a frame to show (a redraw is deferred), so only a running game's are.
	var carets: Dictionary = _hide_carets() if hide_caret and not _clock.held else {}
	if _clock.held:
		# Draw the held frame as it is: taking a picture must not move game time.
		RenderingServer.force_draw()
	else:
		await RenderingServer.frame_post_draw
		await RenderingServer.frame_post_draw
	var image := _bridge.get_viewport().get_texture().get_image()
	_restore_carets(carets)
	if not overlay.is_empty():
		RenderingServer.viewport_remove_canvas(_bridge.get_viewport().get_viewport_rid(),
			overlay[0])
		for rid: RID in overlay:
			RenderingServer.free_rid(rid)
	return image


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


## A box and a label for every ref of the latest snapshot, drawn straight into the rendering
## server on a canvas above every window of the root viewport. Nothing enters the scene tree,
## so a held game is drawn as it is without running a frame. Returns [canvas, item] to free.
func _draw_annotations() -> Array[RID]:
	var viewport := _bridge.get_viewport()
	var canvas := RenderingServer.canvas_create()
	RenderingServer.viewport_attach_canvas(viewport.get_viewport_rid(), canvas)
	RenderingServer.viewport_set_canvas_stacking(viewport.get_viewport_rid(), canvas,
		ANNOTATION_LAYER, 0)
	RenderingServer.viewport_set_canvas_transform(viewport.get_viewport_rid(), canvas,
		viewport.get_final_transform())
	var item := RenderingServer.canvas_item_create()
	RenderingServer.canvas_item_set_parent(item, canvas)
	var font := ThemeDB.fallback_font
	for ref: String in _snapshot.shown_refs():
		var target: Variant = _locator.find_target({"ref": ref})
		if target is CommandError:
			continue
		var rect: Rect2 = _pointer.target_rect(target.node, target.item)
		if not rect.has_area():
			continue
		for side: Rect2 in [Rect2(rect.position, Vector2(rect.size.x, BORDER)),
				Rect2(rect.position + Vector2(0, rect.size.y - BORDER), Vector2(rect.size.x,
				BORDER)), Rect2(rect.position, Vector2(BORDER, rect.size.y)),
				Rect2(rect.position + Vector2(rect.size.x - BORDER, 0), Vector2(BORDER,
				rect.size.y))]:
			RenderingServer.canvas_item_add_rect(item, side, BOX_COLOR)
		var at := rect.position + Vector2(3, LABEL_SIZE)
		font.draw_string_outline(item, at, ref, HORIZONTAL_ALIGNMENT_LEFT, -1, LABEL_SIZE, 4,
			Color.BLACK)
		font.draw_string(item, at, ref, HORIZONTAL_ALIGNMENT_LEFT, -1, LABEL_SIZE, LABEL_COLOR)
	return [canvas, item]
