extends RefCounted
## The mouse, as a player moves it: where a node is on screen, whether a player could click it
## there (visible, enabled, inside the viewport, not covered), and pointer events delivered
## through the viewport's real input path.
##
## Headless Godot's own physics picking cannot be relied on: most runs it never fires (the
## window never reports the mouse inside it), some runs it does, a physics frame later. So in
## agent mode the pointer is the only picker: it turns the viewport's picking off and, for
## pickable physics objects under the pointer, delivers the event where the engine would:
## `_input_event` and the `input_event` signal, and `mouse_entered` / `mouse_exited` as the
## pointer moves, only for events no control stopped. The game's own picking settings (on or
## off, first only) are kept.

const CommandError := preload("command_error.gd")
const Roles := preload("snapshot_roles.gd")

const BUTTONS := {"left": MOUSE_BUTTON_LEFT, "right": MOUSE_BUTTON_RIGHT,
	"middle": MOUSE_BUTTON_MIDDLE}

var _viewport: Viewport
var _position := Vector2.ZERO
var _mask: int = 0
var _hovered_objects: Array[CollisionObject2D] = []
var _picking: bool
var _first_only: bool


func _init(viewport: Viewport) -> void:
	_viewport = viewport
	_picking = viewport.physics_object_picking
	_first_only = viewport.physics_object_picking_first_only
	viewport.physics_object_picking = false


## The open modal window or popup that blocks everything else, if any (the last one wins).
static func open_modal(viewport: Viewport) -> Window:
	var found: Window = null
	for node: Node in viewport.find_children("*", "Window", true, false):
		var window: Window = node
		if window.visible and (window.exclusive or window is Popup):
			found = window
	return found


## The node's visible center in viewport coordinates, or a CommandError.
func screen_point(node: Node) -> Variant:
	if node is Control:
		var control: Control = node
		return control.get_global_transform_with_canvas() * (control.size / 2.0)
	if node is CanvasItem:
		return (node as CanvasItem).get_global_transform_with_canvas().origin
	if node is Node3D:
		var camera := _viewport.get_camera_3d()
		if camera == null:
			return CommandError.not_interactable("%s is 3D and no camera is active."
				% node.get_path())
		return camera.unproject_position((node as Node3D).global_position)
	return CommandError.invalid_args("%s (%s) has no position on screen." % [
		node.get_path(), node.get_class()])


## Why a player could not click `node` at `point` now, or "". Moves the pointer there (as a
## player's hand would) to ask the GUI what is under it.
func blocked_reason(node: Node, point: Vector2) -> String:
	if node is CanvasItem and not (node as CanvasItem).is_visible_in_tree():
		return "%s is hidden" % node.get_path()
	if node is Node3D and not (node as Node3D).is_visible_in_tree():
		return "%s is hidden" % node.get_path()
	if node is BaseButton and (node as BaseButton).disabled:
		return "%s is disabled" % node.get_path()
	if not _viewport.get_visible_rect().has_point(point):
		return "%s is outside the viewport (at %s, viewport %s)" % [
			node.get_path(), point, _viewport.get_visible_rect().size]
	var modal := open_modal(_viewport)
	if modal != null and modal != node and not modal.is_ancestor_of(node):
		return "%s is behind the open dialog %s" % [node.get_path(), modal.get_path()]
	move_to(point)
	var hovered := _viewport.gui_get_hovered_control()
	if node is Control:
		if hovered == node or (hovered != null and node.is_ancestor_of(hovered)):
			return ""
		if hovered == null:
			return "%s does not take the mouse (mouse_filter is Ignore)" % node.get_path()
		return "%s is covered by %s" % [node.get_path(), hovered.get_path()]
	if _gui_takes(point):
		return "%s is covered by %s" % [node.get_path(), hovered.get_path()]
	if node is CollisionObject2D and not _pick(point).has(node):
		return "%s has no collision shape under its position %s" % [node.get_path(), point]
	return ""


func move_to(point: Vector2) -> void:
	var event := InputEventMouseMotion.new()
	event.position = point
	event.global_position = point
	event.relative = point - _position
	event.button_mask = _mask
	_position = point
	_deliver(event)
	_update_hover(point)


func button(point: Vector2, button_name: String, pressed: bool, double: bool = false) -> void:
	var index: int = BUTTONS.get(button_name, MOUSE_BUTTON_LEFT)
	var flag := 1 << (index - 1)
	_mask = (_mask | flag) if pressed else (_mask & ~flag)
	var event := InputEventMouseButton.new()
	event.position = point
	event.global_position = point
	event.button_index = index
	event.pressed = pressed
	event.double_click = double and pressed
	event.button_mask = _mask
	_deliver(event)


func wheel(point: Vector2, steps: int) -> void:
	var index := MOUSE_BUTTON_WHEEL_UP if steps > 0 else MOUSE_BUTTON_WHEEL_DOWN
	for i in absi(steps):
		for pressed: bool in [true, false]:
			var event := InputEventMouseButton.new()
			event.position = point
			event.global_position = point
			event.button_index = index
			event.pressed = pressed
			event.factor = 1.0
			_deliver(event)


func _deliver(event: InputEventMouse) -> void:
	_viewport.push_input(event, true)
	if _gui_takes(event.position):
		return
	for object: CollisionObject2D in _pick(event.position):
		_send_to_object(object, event)


## Whether a control under the point stops the mouse (then physics objects never see it).
## Viewport.is_input_handled() cannot tell: it reads true after every push_input.
func _gui_takes(point: Vector2) -> bool:
	var hovered := _viewport.gui_get_hovered_control()
	return hovered != null and hovered.mouse_filter == Control.MOUSE_FILTER_STOP \
		and hovered.get_global_rect().has_point(point)


func _send_to_object(object: CollisionObject2D, event: InputEvent) -> void:
	if not is_instance_valid(object) or not object.is_inside_tree():
		return
	if Roles.script_defines(object, "_input_event"):
		object.call("_input_event", _viewport, event, 0)
	if is_instance_valid(object):
		object.input_event.emit(_viewport, event, 0)


## Pickable physics objects under a viewport point, topmost (last drawn) first.
func _pick(point: Vector2) -> Array[CollisionObject2D]:
	var found: Array[CollisionObject2D] = []
	var world := _viewport.find_world_2d()
	if world == null or not _picking:
		return found
	var query := PhysicsPointQueryParameters2D.new()
	query.position = _viewport.get_canvas_transform().affine_inverse() * point
	query.collide_with_areas = true
	query.collide_with_bodies = true
	for hit: Dictionary in world.direct_space_state.intersect_point(query, 32):
		var object := hit.collider as CollisionObject2D
		if object != null and object.input_pickable and object.is_visible_in_tree():
			found.push_front(object)
	if _first_only and found.size() > 1:
		found.resize(1)
	return found


func _update_hover(point: Vector2) -> void:
	var now := _pick(point)
	for object: CollisionObject2D in _hovered_objects:
		if is_instance_valid(object) and not now.has(object):
			object.mouse_exited.emit()
	for object: CollisionObject2D in now:
		if not _hovered_objects.has(object):
			object.mouse_entered.emit()
	_hovered_objects = now
