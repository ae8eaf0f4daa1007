extends RefCounted
## Where things are on screen, in the root viewport's coordinates (the ones input events,
## snapshots and screenshots use), whatever window or viewport they live in: embedded dialogs
## and popups, SubViewportContainers, and 3D nodes through their viewport's camera.

## Half the side of the box drawn around a node that has a position but no size.
const POINT_BOX := 24.0


## `point`, given in `viewport`'s own coordinates, in the root viewport's; null when that
## viewport is not on screen (a native window, a SubViewport used as a texture).
static func to_root(point: Vector2, viewport: Viewport) -> Variant:
	var root: Viewport = viewport.get_tree().root
	while viewport != root:
		if viewport is Window:
			var window: Window = viewport
			var embedder := _embedder(window)
			if not window.is_embedded() or embedder == null:
				return null
			point = Vector2(window.position) + point * window.content_scale_factor
			viewport = embedder
		elif viewport is SubViewport:
			var container := viewport.get_parent() as SubViewportContainer
			if container == null:
				return null
			if container.stretch:
				point *= float(container.stretch_shrink)
			point = container.get_global_transform_with_canvas() * point
			viewport = container.get_viewport()
		else:
			return null
	return point


## A rect in `viewport`'s coordinates, in the root viewport's (empty when not on screen).
static func rect_to_root(rect: Rect2, viewport: Viewport) -> Rect2:
	var start: Variant = to_root(rect.position, viewport)
	var end: Variant = to_root(rect.end, viewport)
	if start == null or end == null:
		return Rect2()
	return Rect2(start, Vector2.ZERO).expand(end)


## A rect in `control`'s local coordinates, in the root viewport's.
static func local_rect_to_root(control: Control, rect: Rect2) -> Rect2:
	var transform := control.get_global_transform_with_canvas()
	var box := Rect2(transform * rect.position, Vector2.ZERO).expand(transform * rect.end)
	return rect_to_root(box, control.get_viewport())


## The node's box on screen: a control's rect, a window's frame, a box around a 2D node's
## origin or a 3D node's projection. Empty when it has no place on screen (behind the camera,
## no camera, not a visual node).
static func rect_of(node: Node) -> Rect2:
	if node is Control:
		var control: Control = node
		return local_rect_to_root(control, Rect2(Vector2.ZERO, control.size))
	if node is Window:
		var window: Window = node
		if window == window.get_tree().root:
			return window.get_visible_rect()
		var embedder := _embedder(window)
		if not window.is_embedded() or embedder == null:
			return Rect2()
		return rect_to_root(Rect2(window.position, window.size), embedder)
	var point: Variant = point_of(node)
	if point == null:
		return Rect2()
	return Rect2(point - Vector2(POINT_BOX, POINT_BOX), Vector2(POINT_BOX, POINT_BOX) * 2.0)


## Where a player would point at the node (a control's centre, a 2D node's origin, a 3D
## node's projection), or null when it has no place on screen.
static func point_of(node: Node) -> Variant:
	if node is Control or node is Window:
		var rect := rect_of(node)
		return rect.get_center() if rect.has_area() else null
	if node is CanvasItem:
		var item: CanvasItem = node
		return to_root(item.get_global_transform_with_canvas().origin, item.get_viewport())
	if node is Node3D:
		return project(node as Node3D)
	return null


## A 3D node's position through its viewport's current camera, or null when there is no
## camera or the node is behind it.
static func project(node: Node3D) -> Variant:
	var viewport := node.get_viewport()
	var camera := viewport.get_camera_3d() if viewport != null else null
	if camera == null or not node.is_inside_tree():
		return null
	var position := node.global_position
	if camera.is_position_behind(position):
		return null
	return to_root(camera.unproject_position(position), viewport)


## Whether a root-viewport point lies inside the visible screen.
static func on_screen(node: Node, point: Vector2) -> bool:
	return node.get_tree().root.get_visible_rect().has_point(point)


## The viewport that draws an embedded window (the nearest one that embeds subwindows).
static func _embedder(window: Window) -> Viewport:
	var parent := window.get_parent()
	var viewport: Viewport = parent.get_viewport() if parent != null else null
	while viewport != null and not viewport.gui_embed_subwindows:
		var above := viewport.get_parent()
		viewport = above.get_viewport() if above != null else null
	return viewport
