extends RefCounted
## The mouse, as a player moves it: whether a player could click a node or item at a point
## (visible, enabled, running, on screen, not behind an open popup or dialog, not covered),
## and pointer events delivered through the root viewport's real input path, which hands them
## on to embedded windows and popups as the engine does for a real mouse. All points are in
## root viewport coordinates (screen.gd).
##
## Headless Godot's own physics picking cannot be relied on: most runs it never fires (the
## window never reports the mouse inside it), some runs it does, a physics frame later. So in
## agent mode the pointer is the only picker: it turns the viewports' picking off and, for
## pickable physics objects under the pointer (2D by a point query, 3D by a ray from the
## camera), delivers the event where the engine would: `_input_event` and the `input_event`
## signal, and `mouse_entered` / `mouse_exited` as the pointer moves, only for events no
## control stopped. The game's own picking settings (on or off, first only) are kept.

const CommandError := preload("command_error.gd")
const Items := preload("items.gd")
const Roles := preload("snapshot_roles.gd")
const Screen := preload("screen.gd")

const BUTTONS := {"left": MOUSE_BUTTON_LEFT, "right": MOUSE_BUTTON_RIGHT,
	"middle": MOUSE_BUTTON_MIDDLE}
## Step of the scan that finds a popup menu entry's rows (entries are taller than this).
const POPUP_SCAN_STEP := 3.0
const RAY_LENGTH := 4096.0
const MAX_RAY_PASSES := 8

var _viewport: Viewport
var _position := Vector2.ZERO
var _mask: int = 0
var _hovered_objects: Array[CollisionObject2D] = []
var _hovered_3d: CollisionObject3D = null
var _picking: bool
var _first_only: bool


func _init(viewport: Viewport) -> void:
	_viewport = viewport
	_picking = viewport.physics_object_picking
	_first_only = viewport.physics_object_picking_first_only
	Roles.picking_by_viewport[viewport.get_instance_id()] = _picking
	viewport.physics_object_picking = false


## The open popup or exclusive dialog that blocks everything else, if any (the top one).
static func open_modal(viewport: Viewport) -> Window:
	var found: Window = null
	for window: Window in viewport.get_embedded_subwindows():
		if window.visible and (window.exclusive or window is Popup):
			found = window
	return found


## Whether a player can reach `node` while `modal` is open: it is inside the modal, or inside
## a popup the modal opened from (a menu whose submenu is open).
static func reachable_past(node: Node, modal: Window) -> bool:
	var window: Window = modal
	while window != null:
		if window == node or window.is_ancestor_of(node):
			return true
		var parent := window.get_parent()
		window = parent.get_window() if parent != null else null
		if window != null and not (window is Popup or window.exclusive):
			return false
	return false


## Where a player would point at a node, or at one of its items (items.gd), in root
## coordinates; or a CommandError saying why there is no such place.
func target_point(node: Node, item: Variant) -> Variant:
	if item != null:
		Items.reveal(node, item)
		var rect := target_rect(node, item)
		if rect.has_area():
			return rect.get_center()
		return CommandError.not_interactable("Item '%s' of %s is not on screen%s." % [
			Items.text_of(node, item), node.get_path(),
			" (its menu is closed)" if node is PopupMenu and not node.visible else ""])
	var point: Variant = Screen.point_of(node)
	if point is Vector2:
		return point
	if node is Node3D:
		var camera := node.get_viewport().get_camera_3d()
		return CommandError.not_interactable("%s is 3D and %s." % [node.get_path(),
			"no camera is active" if camera == null else "behind the camera"])
	if node is Control or node is CanvasItem or node is Window:
		return CommandError.not_interactable("%s is not on screen (it is drawn in a viewport "
			% node.get_path() + "nobody sees).")
	return CommandError.invalid_args("%s (%s) has no position on screen." % [node.get_path(),
		node.get_class()])


## Scrolls every ScrollContainer around `node` so that it is in view, as a player scrolls before
## clicking. True when something scrolled (the layout settles on the next frame).
static func scroll_into_view(node: Node) -> bool:
	if not node is Control:
		return false
	var scrolled := false
	var ancestor := node.get_parent()
	while ancestor != null and not ancestor is Window:
		if ancestor is ScrollContainer:
			var container: ScrollContainer = ancestor
			var before := Vector2(container.scroll_horizontal, container.scroll_vertical)
			if not container.get_global_rect().encloses((node as Control).get_global_rect()):
				container.ensure_control_visible(node as Control)
			scrolled = scrolled or before != Vector2(container.scroll_horizontal,
				container.scroll_vertical)
		ancestor = ancestor.get_parent()
	return scrolled


## The box of a node, or of one of its items, on screen (root coordinates; empty if none).
func target_rect(node: Node, item: Variant) -> Rect2:
	if item == null:
		return Screen.rect_of(node)
	if node is PopupMenu:
		return popup_item_rect(node as PopupMenu, item.index)
	return Items.rect(node, item, Screen.local_rect_to_root)


## Why a player could not click `node` (or one of its items) at `point` now, or "". Moves
## the pointer there (as a player's hand would) to ask the GUI what is under it.
func blocked_reason(node: Node, point: Vector2) -> String:
	var early := state_reason(node)
	if early != "":
		return early
	if not Screen.on_screen(node, point):
		return "%s is outside the viewport (at %s, viewport %s)" % [node.get_path(), point,
			_viewport.get_visible_rect().size]
	var modal := open_modal(_viewport)
	if modal != null and not reachable_past(node, modal):
		return "%s is behind the open %s %s" % [node.get_path(),
			"popup" if modal is Popup else "dialog", modal.get_path()]
	var window_above := _window_covering(node, point)
	if window_above != null:
		return "%s is covered by the window %s" % [node.get_path(), window_above.get_path()]
	move_to(point)
	if node is Control or node is Window:
		var hovered := node.get_viewport().gui_get_hovered_control()
		if hovered == node or (hovered != null and node.is_ancestor_of(hovered)):
			return ""
		if hovered == null:
			return "%s does not take the mouse (mouse_filter is Ignore)" % node.get_path()
		return "%s is covered by %s" % [node.get_path(), hovered.get_path()]
	var gui := _viewport.gui_get_hovered_control()
	if _gui_takes(point):
		return "%s is covered by %s" % [node.get_path(), gui.get_path()]
	if node is CollisionObject2D and not _pick(point).has(node):
		return "%s has no collision shape under its position %s" % [node.get_path(), point]
	if node is CollisionObject3D:
		var hit := _pick_3d(point)
		if hit.is_empty():
			return "%s is not under the pointer at %s (the ray hits nothing pickable)" % [
				node.get_path(), point]
		if hit.collider != node:
			return "%s is hidden behind %s" % [node.get_path(),
				(hit.collider as Node).get_path()]
	return ""


## Hidden, disabled or paused: what keeps a player from using the node wherever it is.
static func state_reason(node: Node) -> String:
	if (node is CanvasItem and not (node as CanvasItem).is_visible_in_tree()) \
			or (node is Node3D and not (node as Node3D).is_visible_in_tree()) \
			or (node is Window and not (node as Window).visible):
		return "%s is hidden" % node.get_path()
	if node is BaseButton and (node as BaseButton).disabled:
		return "%s is disabled" % node.get_path()
	if not node.can_process():
		return "the game is paused and %s does not run while paused" % node.get_path()
	return ""


## An embedded window drawn over `point` that `node` is not inside (nor inside a window that
## window belongs to), or null.
func _window_covering(node: Node, point: Vector2) -> Window:
	var windows := _viewport.get_embedded_subwindows()
	for i in range(windows.size() - 1, -1, -1):
		var window: Window = windows[i]
		if not window.visible or not Screen.rect_of(window).has_point(point):
			continue
		return null if window == node or window.is_ancestor_of(node) else window
	return null


## The rect of a PopupMenu entry in root coordinates. The engine keeps entry rows to itself,
## so the pointer scans the menu from top to bottom and asks which entry it is over (through
## the engine's own hover tracking). Empty when the entry is not found (a disabled entry
## takes no hover) or the menu is not open.
func popup_item_rect(menu: PopupMenu, index: int) -> Rect2:
	if not menu.visible:
		return Rect2()
	var frame := Screen.rect_of(menu)
	var top := -1.0
	var bottom := -1.0
	var y := frame.position.y + 1.0
	var x := frame.position.x + minf(frame.size.x / 2.0, 24.0)
	while y < frame.end.y:
		move_to(Vector2(x, y))
		var over := menu.get_focused_item()
		if over == index:
			if top < 0.0:
				top = y
			bottom = y
		elif top >= 0.0:
			break
		y += POPUP_SCAN_STEP
	if top < 0.0:
		return Rect2()
	return Rect2(frame.position.x, top, frame.size.x, bottom - top + 1.0)


## Where the pointer is now (root coordinates).
func position() -> Vector2:
	return _position


func move_to(point: Vector2) -> void:
	var event := InputEventMouseMotion.new()
	event.position = point
	event.global_position = point
	event.relative = point - _position
	# Controls such as PopupMenu ignore motion without velocity (a resting mouse).
	event.velocity = event.relative if event.relative != Vector2.ZERO else Vector2(1, 0)
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
	var hit := _pick_3d(event.position)
	if not hit.is_empty() and event is InputEventMouseButton:
		var object: CollisionObject3D = hit.collider
		if Roles.script_defines(object, "_input_event"):
			object.call("_input_event", _viewport.get_camera_3d(), event, hit.position,
				hit.normal, hit.shape)
		if is_instance_valid(object):
			object.input_event.emit(_viewport.get_camera_3d(), event, hit.position, hit.normal,
				hit.shape)


## Whether a control under the point stops the mouse (then physics objects never see it).
## Viewport.is_input_handled() cannot tell: it reads true after every push_input. An open
## embedded window under the point takes it too.
func _gui_takes(point: Vector2) -> bool:
	for window: Window in _viewport.get_embedded_subwindows():
		if window.visible and Screen.rect_of(window).has_point(point):
			return true
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


## Pickable 2D physics objects under a viewport point, topmost (last drawn) first.
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


## The first ray-pickable 3D object under a viewport point, seen from the current camera:
## {"collider", "position", "normal", "shape"}, or {} when nothing pickable is hit.
func _pick_3d(point: Vector2) -> Dictionary:
	var camera := _viewport.get_camera_3d()
	var world := _viewport.find_world_3d()
	if camera == null or world == null or not _picking:
		return {}
	var origin := camera.project_ray_origin(point)
	var query := PhysicsRayQueryParameters3D.create(origin,
		origin + camera.project_ray_normal(point) * maxf(camera.far, RAY_LENGTH))
	query.collide_with_areas = true
	# The engine's picking ray passes through objects that are not ray-pickable.
	var passed: Array[RID] = []
	for attempt in MAX_RAY_PASSES:
		query.exclude = passed
		var hit := world.direct_space_state.intersect_ray(query)
		if hit.is_empty():
			return {}
		var object := hit.collider as CollisionObject3D
		if object != null and object.input_ray_pickable and object.is_visible_in_tree():
			return {"collider": object, "position": hit.position, "normal": hit.normal,
				"shape": hit.shape}
		passed.append(hit.rid)
	return {}


func _update_hover(point: Vector2) -> void:
	var now := _pick(point)
	for object: CollisionObject2D in _hovered_objects:
		if is_instance_valid(object) and not now.has(object):
			object.mouse_exited.emit()
	for object: CollisionObject2D in now:
		if not _hovered_objects.has(object):
			object.mouse_entered.emit()
	_hovered_objects.assign(now)
	var hit := {} if _gui_takes(point) else _pick_3d(point)
	var now_3d: CollisionObject3D = hit.get("collider")
	if now_3d != _hovered_3d:
		if is_instance_valid(_hovered_3d):
			_hovered_3d.mouse_exited.emit()
		if now_3d != null:
			now_3d.mouse_entered.emit()
		_hovered_3d = now_3d
