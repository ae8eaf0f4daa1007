extends RefCounted
## Game worlds as an agent reads them (docs/SNAPSHOT.md): whether an entity is on screen
## (`at=x,y`), off it (`offscreen=left`) or behind the camera (`behind`); where it is in the
## world (`pos=`) and how fast it moves (`vel=`); the active camera; which sprites and meshes
## are entities; and whether two nodes stand at the same place (stacked copies of one text).
## Static and pure: it reads the engine, never changes it.

const Screen := preload("screen.gd")

## Sprites and meshes: entities when they have a script or a name of their own and are not a
## part of another entity (a player's mesh is the player).
const VISUAL_CLASSES := ["Sprite2D", "AnimatedSprite2D", "MeshInstance2D",
	"MultiMeshInstance2D", "SpriteBase3D", "MeshInstance3D", "MultiMeshInstance3D"]
## Attributes that say where something is or how it moves: they change every frame, so they
## do not make a new tree_version.
const PLACE_PREFIXES := ["at=", "offscreen=", "behind", "pos=", "vel="]
## How close two copies of a text stand to count as one (stacked shadows and outlines).
const STACK_PIXELS := 8.0
const STACK_UNITS_3D := 0.25


static func is_visual(node: Node) -> bool:
	for name: String in VISUAL_CLASSES:
		if node.is_class(name):
			return true
	return false


## Whether an attribute says where something is (not what it is).
static func is_place_attr(attr: String) -> bool:
	for prefix: String in PLACE_PREFIXES:
		if attr.begins_with(prefix):
			return true
	return false


## Where a 2D or 3D node is on the screen: ["at=x,y"] while on it, ["offscreen=SIDE"] when
## off it (left, right, above, below, or two of them: above-left), ["behind"] when behind the
## 3D camera; [] when it has no place on screen (no camera, a viewport not drawn).
static func place_attrs(node: Node) -> Array[String]:
	var place := screen_place(node)
	if place.is_empty():
		return []
	if place.has("behind"):
		return ["behind"]
	var point: Vector2 = place.point
	if place.has("offscreen"):
		return ["offscreen=" + place.offscreen]
	return ["at=%d,%d" % [roundi(point.x), roundi(point.y)]]


## {"point": root viewport point, "offscreen": side (only when off screen)}, {"behind": true},
## or {} (see place_attrs).
static func screen_place(node: Node) -> Dictionary:
	var point: Variant = null
	if node is Node3D:
		var spatial: Node3D = node
		var camera := spatial.get_viewport().get_camera_3d()
		if camera == null:
			return {}
		if camera.is_position_behind(spatial.global_position):
			return {"behind": true}
		point = Screen.to_root(camera.unproject_position(spatial.global_position),
			spatial.get_viewport())
	elif node is CanvasItem:
		var item: CanvasItem = node
		point = Screen.to_root(item.get_global_transform_with_canvas().origin,
			item.get_viewport())
	if not point is Vector2:
		return {}
	var side := offscreen_side(point, node.get_tree().root.get_visible_rect())
	return {"point": point} if side == "" else {"point": point, "offscreen": side}


## Which side of `rect` a point lies beyond ("left", "above-right", ...), "" inside it.
static func offscreen_side(point: Vector2, rect: Rect2) -> String:
	var vertical := "above" if point.y < rect.position.y \
		else ("below" if point.y >= rect.end.y else "")
	var horizontal := "left" if point.x < rect.position.x \
		else ("right" if point.x >= rect.end.x else "")
	if vertical != "" and horizontal != "":
		return vertical + "-" + horizontal
	return vertical + horizontal


## An entity's world position and, while it moves, its velocity: ["pos=x,y", "vel=x,y"] (2D,
## whole pixels) or ["pos=x,y,z", "vel=x,y,z"] (3D, tenths of a unit).
static func motion_attrs(node: Node) -> Array[String]:
	var position: Variant = world_position(node)
	if position == null:
		return []
	var attrs: Array[String] = ["pos=" + vector_text(position)]
	var velocity: Variant = velocity_of(node)
	if velocity != null and not _still(velocity):
		attrs.append("vel=" + vector_text(velocity))
	return attrs


## Whether a velocity rounds to nothing as vector_text writes it.
static func _still(velocity: Variant) -> bool:
	if velocity is Vector2:
		return (velocity as Vector2).round() == Vector2.ZERO
	return (velocity as Vector3).snappedf(0.1).is_zero_approx()


## A 2D or 3D node's global position, or null for other nodes.
static func world_position(node: Node) -> Variant:
	if node is Node2D:
		return (node as Node2D).global_position
	if node is Node3D:
		return (node as Node3D).global_position
	return null


## A physics body's velocity (a character's `velocity`, a rigid body's `linear_velocity`),
## or null for nodes that have none.
static func velocity_of(node: Node) -> Variant:
	if node is CharacterBody2D:
		return (node as CharacterBody2D).velocity
	if node is CharacterBody3D:
		return (node as CharacterBody3D).velocity
	if node is RigidBody2D:
		return (node as RigidBody2D).linear_velocity
	if node is RigidBody3D:
		return (node as RigidBody3D).linear_velocity
	return null


## "12,-3" for a 2D vector (whole numbers), "1.5,0,-3.2" for a 3D one (tenths).
static func vector_text(vector: Variant) -> String:
	if vector is Vector2:
		return "%d,%d" % [roundi(vector.x), roundi(vector.y)]
	var v: Vector3 = vector
	return ",".join([_rounded(v.x, 0.1), _rounded(v.y, 0.1), _rounded(v.z, 0.1)])


## A number rounded to `step` (0.1, 0.01), without a trailing ".0": "3", "-0.5".
static func _rounded(number: float, step: float) -> String:
	var rounded := snappedf(number, step)
	if is_zero_approx(rounded):
		return "0"
	if is_equal_approx(rounded, roundf(rounded)):
		return str(roundi(rounded))
	return str(rounded)


## The camera that shows the root viewport's world: a Camera3D, else a Camera2D; null.
static func active_camera(root: Viewport) -> Node:
	var camera_3d := root.get_camera_3d()
	if camera_3d != null:
		return camera_3d
	return root.get_camera_2d()


## The camera's attributes: a 3D camera's position and facing (the unit vector it looks
## along), a 2D camera's screen center and zoom.
static func camera_attrs(camera: Node) -> Array[String]:
	if camera is Camera3D:
		var camera_3d: Camera3D = camera
		var facing := -camera_3d.global_basis.z.normalized()
		return ["pos=" + vector_text(camera_3d.global_position), "facing=%s" % ",".join([
			_rounded(facing.x, 0.01), _rounded(facing.y, 0.01), _rounded(facing.z, 0.01)])]
	var camera_2d: Camera2D = camera
	return ["pos=" + vector_text(camera_2d.get_screen_center_position()),
		"zoom=" + _rounded(camera_2d.zoom.x, 0.01)]


## Whether two nodes that show the same text stand at the same place: within a few pixels on
## screen, or (3D nodes off screen) a fraction of a unit apart in the world.
static func same_place(a: Node, b: Node) -> bool:
	if a is Node3D and b is Node3D:
		var from: Dictionary = screen_place(a)
		var to: Dictionary = screen_place(b)
		if from.has("point") and to.has("point") and not from.has("offscreen") \
				and not to.has("offscreen"):
			return (from.point as Vector2).distance_to(to.point) <= STACK_PIXELS
		return (a as Node3D).global_position.distance_to((b as Node3D).global_position) \
			<= STACK_UNITS_3D
	if a is Node3D or b is Node3D:
		return false
	var here: Variant = Screen.point_of(a)
	var there: Variant = Screen.point_of(b)
	return here is Vector2 and there is Vector2 \
		and (here as Vector2).distance_to(there) <= STACK_PIXELS
