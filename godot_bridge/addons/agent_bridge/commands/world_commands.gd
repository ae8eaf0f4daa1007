extends RefCounted
## Spatial questions about a 2D or 3D game world: `nearby` (the entities within a radius of a
## node or a point, nearest first, with distance and direction) and `raycast` (what a ray from
## a node or a point, in a direction or toward another node or point, hits first). Positions
## are world coordinates (a node's global_position: pixels in 2D, units in 3D), as the
## snapshot's `pos=` writes them; every entity found gets a ref.

const CommandError := preload("../command_error.gd")
const NodeLocator := preload("../node_locator.gd")
const Refs := preload("../refs.gd")
const Roles := preload("../snapshot_roles.gd")
const Services := preload("../services.gd")
const World := preload("../world.gd")

const MAX_LISTED := 500
const DEFAULT_RAY := 10000.0
const ORIGIN_SCHEMA := {
	"point": {"type": "any", "optional": true,
		"description": "a world position [x, y] or [x, y, z] (or {x, y, z}), instead of a node"},
}

var _bridge: Services.Bridge
var _root: Window
var _locator: NodeLocator
var _refs: Refs


func _init(services: Services) -> void:
	_bridge = services.bridge
	_root = _bridge.get_tree().root
	_locator = services.locator
	_refs = services.refs


func register_into(dispatcher: Services.Dispatcher) -> void:
	var origin := NodeLocator.with_target(ORIGIN_SCHEMA)
	var nearby_schema := origin.duplicate(true)
	nearby_schema.merge({
		"radius": {"type": "number", "optional": true, "minimum": 0.0,
			"description": "only entities this close (world units); default: any distance"},
		"limit": {"type": "integer", "default": 20, "minimum": 1, "maximum": MAX_LISTED,
			"description": "at most this many, nearest first"},
	})
	dispatcher.register("nearby", _nearby, nearby_schema, "The game entities near a node or a "
		+ "world point, nearest first, with distance, direction and refs.", "bridge")
	var ray_schema := origin.duplicate(true)
	ray_schema.merge({
		"direction": {"type": "any", "optional": true,
			"description": "the ray's direction, [x, y] or [x, y, z]"},
		"to": {"type": "any", "optional": true,
			"description": "where the ray goes: a ref, a node path or a world position"},
		"max_distance": {"type": "number", "optional": true, "minimum": 0.0,
			"description": "the ray's length with direction (default %d)" % DEFAULT_RAY},
		"areas": {"type": "boolean", "default": true,
			"description": "areas stop the ray too (not only bodies)"},
		"mask": {"type": "integer", "optional": true, "minimum": 0, "maximum": 4294967295,
			"description": "the collision layers the ray sees (default all)"},
	})
	dispatcher.register("raycast", _raycast, ray_schema, "What a ray from a node or a world "
		+ "point, in a direction or toward a node or point, hits first.", "bridge")


# --- nearby -----------------------------------------------------------------------------------


func _nearby(args: Dictionary) -> Variant:
	var origin: Variant = _origin(args)
	if origin is CommandError:
		return origin
	var from: Variant = origin.position
	var found: Array = []
	_gather(_root, origin, false, found)
	var radius: float = args.get("radius", INF)
	var near: Array = []
	for entry: Array in found:
		var distance: float = from.distance_to(World.world_position(entry[0]))
		if distance <= radius:
			near.append([distance, entry[0], entry[1]])
	near.sort_custom(func(a: Array, b: Array) -> bool: return a[0] < b[0])
	var listed: Array = []
	for item: Array in near.slice(0, args.limit):
		listed.append(_describe(item[1], item[2], from))
	return {"origin": _wire(from), "entities": listed, "count": near.size()}


## The entities an agent looks for (those the snapshot gives refs) in the origin's world,
## as [node, path]; not the origin, its own parts or what holds it.
func _gather(node: Node, origin: Dictionary, in_entity: bool, into: Array) -> void:
	for child: Node in node.get_children():
		if child == _bridge or not Roles.is_shown(child):
			continue
		var kind := Roles.kind_of(child)
		if kind.unseen or child == origin.node:
			continue
		var entity := Roles.entity_in(child, kind, in_entity)
		var holds_origin: bool = origin.node != null and child.is_ancestor_of(origin.node)
		if entity and not holds_origin and _in_world(child, origin) and Roles.looked_for(child,
				kind, Roles.name_with(child, kind, Roles.interactive_with(child, kind), true)):
			into.append([child, str(child.get_path())])
		_gather(child, origin, in_entity or entity, into)


## Whether `node` is a 2D or 3D node in the same world as the origin.
static func _in_world(node: Node, origin: Dictionary) -> bool:
	if origin.position is Vector2:
		return node is Node2D and (node as Node2D).get_world_2d() == origin.world
	return node is Node3D and (node as Node3D).get_world_3d() == origin.world


func _describe(node: Node, path: String, from: Variant) -> Dictionary:
	var position: Variant = World.world_position(node)
	var offset: Variant = position - from
	var found := _identify(node, path)
	found["distance"] = _round(offset.length(), from)
	found["direction"] = _wire(offset.normalized(), 0.01)
	found["pos"] = _wire(position)
	var velocity: Variant = World.velocity_of(node)
	if velocity != null and not velocity.is_zero_approx():
		found["velocity"] = _wire(velocity)
	var place := World.screen_place(node)
	if place.has("behind"):
		found["behind"] = true
	elif place.has("offscreen"):
		found["offscreen"] = place.offscreen
	elif place.has("point"):
		found["at"] = {"x": roundi(place.point.x), "y": roundi(place.point.y)}
	return found


## {"ref", "path", "role", "name"} (+ "class" for a script of the game's) of a node, with a
## ref it keeps for its life.
func _identify(node: Node, path: String) -> Dictionary:
	var kind := Roles.kind_of(node)
	var name := Roles.name_with(node, kind, Roles.interactive_with(node, kind), true)
	var role := Roles.role_with(node, kind)
	var ref := _refs.ref_for(node)
	var found := _refs.describe(ref, path, role, name)
	found["ref"] = ref
	var hint := Roles.script_hint(node) if node.get_script() != null else ""
	if hint != "":
		found["class"] = hint
	return found


# --- raycast ----------------------------------------------------------------------------------


func _raycast(args: Dictionary) -> Variant:
	var origin: Variant = _origin(args)
	if origin is CommandError:
		return origin
	if args.has("direction") == args.has("to"):
		return CommandError.invalid_args("raycast takes exactly one of direction or to.")
	var from: Variant = origin.position
	var end: Variant = _ray_end(args, from)
	if end is CommandError:
		return end
	var target: Node = end[1]
	var to: Variant = end[0]
	var hit := _cast(from, to, origin, args)
	var answer := {"from": _wire(from), "to": _wire(to), "hit": not hit.is_empty()}
	if not hit.is_empty():
		var collider: Node = hit.collider
		answer["node"] = _identify(collider, str(collider.get_path()))
		answer["position"] = _wire(hit.position)
		answer["normal"] = _wire(hit.normal, 0.01)
		answer["distance"] = _round(from.distance_to(hit.position), from)
	if target != null:
		var collider: Node = hit.get("collider")
		answer["reached"] = collider == null or collider == target \
			or collider.is_ancestor_of(target) or target.is_ancestor_of(collider)
	return answer


## [the ray's end, the node it aims at or null], or a CommandError.
func _ray_end(args: Dictionary, from: Variant) -> Variant:
	if args.has("direction"):
		var direction: Variant = _vector(args.direction, "direction")
		if direction is CommandError:
			return direction
		if typeof(direction) != typeof(from):
			return _mixed("direction")
		if direction.is_zero_approx():
			return CommandError.invalid_args("A direction cannot be zero.")
		return [from + direction.normalized() * float(args.get("max_distance", DEFAULT_RAY)),
			null]
	if args.to is String:
		var key := "path" if (args.to as String).begins_with("/") else "ref"
		var node: Variant = _locator.find({key: args.to})
		if node is CommandError:
			return node
		var position: Variant = World.world_position(node)
		if position == null:
			return CommandError.invalid_args("%s is a %s, not in a 2D or 3D world." % [
				node.get_path(), node.get_class()])
		if typeof(position) != typeof(from):
			return _mixed("to")
		return [position, node]
	var point: Variant = _vector(args.to, "to")
	if point is CommandError:
		return point
	return [point, null] if typeof(point) == typeof(from) else _mixed("to")


## The first collision object between `from` and `to` (not the origin's own), as
## intersect_ray answers it, or {}.
func _cast(from: Variant, to: Variant, origin: Dictionary, args: Dictionary) -> Dictionary:
	var exclude: Array[RID] = []
	if origin.node != null:
		_own_colliders(origin.node, exclude)
	var mask: int = args.get("mask", 0xFFFFFFFF)
	if from is Vector2:
		var query := PhysicsRayQueryParameters2D.create(from, to, mask, exclude)
		query.collide_with_areas = args.areas
		return (origin.world as World2D).direct_space_state.intersect_ray(query)
	var query_3d := PhysicsRayQueryParameters3D.create(from, to, mask, exclude)
	query_3d.collide_with_areas = args.areas
	return (origin.world as World3D).direct_space_state.intersect_ray(query_3d)


## The collision objects a ray from `node` starts inside of: its own, its parts' and those
## of the entities that hold it.
static func _own_colliders(node: Node, into: Array[RID]) -> void:
	var above := node.get_parent()
	while above != null:
		if above is CollisionObject2D or above is CollisionObject3D:
			into.append(above.get_rid())
		above = above.get_parent()
	_collect_colliders(node, into)


static func _collect_colliders(node: Node, into: Array[RID]) -> void:
	if node is CollisionObject2D or node is CollisionObject3D:
		into.append(node.get_rid())
	for child: Node in node.get_children():
		_collect_colliders(child, into)


static func _mixed(name: String) -> CommandError:
	return CommandError.invalid_args("%s is of other dimensions than the ray's start: " % name
		+ "give 2D with 2D ([x, y]) and 3D with 3D ([x, y, z]).")


# --- arguments and values ---------------------------------------------------------------------


## {"node": the origin node or null, "position": Vector2 or Vector3, "world": World2D or
## World3D}, from `path`, `ref` or `point`; or a CommandError.
func _origin(args: Dictionary) -> Variant:
	var named := int(args.has("path")) + int(args.has("ref")) + int(args.has("point"))
	if named != 1:
		return CommandError.invalid_args("Give exactly one of path, ref (a node) or point "
			+ "(a world position).")
	if args.has("point"):
		var point: Variant = _vector(args.point, "point")
		if point is CommandError:
			return point
		return {"node": null, "position": point,
			"world": _root.world_2d if point is Vector2 else _root.world_3d}
	var node: Variant = _locator.find(args)
	if node is CommandError:
		return node
	if node is Node2D:
		return {"node": node, "position": (node as Node2D).global_position,
			"world": (node as Node2D).get_world_2d()}
	if node is Node3D:
		return {"node": node, "position": (node as Node3D).global_position,
			"world": (node as Node3D).get_world_3d()}
	return CommandError.invalid_args("%s is a %s, not in a 2D or 3D world: give a Node2D or "
		% [node.get_path(), node.get_class()] + "Node3D, or a point.")


## A Vector2 or Vector3 from [x, y(, z)] or {"x", "y"(, "z")} of finite numbers.
static func _vector(value: Variant, name: String) -> Variant:
	var parts: Array = []
	if value is Array:
		parts = value
	elif value is Dictionary:
		for axis: String in ["x", "y", "z"]:
			if (value as Dictionary).has(axis):
				parts.append(value[axis])
		if parts.size() != (value as Dictionary).size():
			parts = []
	var numbers := parts.all(func(part: Variant) -> bool:
		return (part is float or part is int) and is_finite(part))
	if not numbers or parts.size() < 2 or parts.size() > 3:
		return CommandError.invalid_args("%s must be a position [x, y] or [x, y, z] (or " % name
			+ "{x, y, z}) of numbers, got %s." % JSON.stringify(value))
	if parts.size() == 2:
		return Vector2(parts[0], parts[1])
	return Vector3(parts[0], parts[1], parts[2])


## A vector on the wire: 2D in whole pixels, 3D in hundredths (or `step`).
static func _wire(vector: Variant, step: float = 0.0) -> Dictionary:
	if vector is Vector2:
		var flat: Vector2 = vector
		if step > 0.0:
			return {"x": snappedf(flat.x, step), "y": snappedf(flat.y, step)}
		return {"x": roundi(flat.x), "y": roundi(flat.y)}
	var v: Vector3 = vector
	var snap := step if step > 0.0 else 0.01
	return {"x": snappedf(v.x, snap), "y": snappedf(v.y, snap), "z": snappedf(v.z, snap)}


## A distance, rounded as the world's positions are (2D: tenths of a pixel; 3D: hundredths).
static func _round(distance: float, from: Variant) -> float:
	return snappedf(distance, 0.1 if from is Vector2 else 0.01)
