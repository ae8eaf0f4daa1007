extends RefCounted
## What an action did, so an agent needs one call per step: nodes added and removed while it
## ran, optionally waiting until the game settles, optionally a fresh snapshot. Every action
## command takes the options in ACTION_OPTIONS.

const CommandError := preload("command_error.gd")

const ACTION_OPTIONS := {
	"settled": {"type": "boolean", "default": false,
		"description": "answer only once the game is settled"},
	"snapshot": {"type": "boolean", "default": false,
		"description": "include a snapshot of the new state (refs renumbered)"},
	"timeout_ms": {"type": "integer", "default": 5000, "minimum": 0,
		"description": "how long settling may take"},
}
const MAX_LISTED := 50

var _bridge: Node
var _added: Array[Node] = []
var _removed: PackedStringArray = []


func _init(bridge: Node) -> void:
	_bridge = bridge
	var tree: SceneTree = bridge.get_tree()
	tree.node_added.connect(func(node: Node) -> void: _added.append(node))
	tree.node_removed.connect(func(node: Node) -> void: _removed.append(str(node.get_path())))


static func with_options(schema: Dictionary) -> Dictionary:
	var merged := schema.duplicate(true)
	merged.merge(ACTION_OPTIONS)
	return merged


## A handler that runs `handler` and then reports its effects.
func wrap(handler: Callable) -> Callable:
	return _run.bind(handler)


func _run(args: Dictionary, handler: Callable) -> Variant:
	var options := {}
	for key: String in ACTION_OPTIONS:
		options[key] = args.get(key)
		args.erase(key)
	_added.clear()
	_removed.clear()
	var result: Variant = await handler.call(args)
	if result is CommandError or not result is Dictionary:
		return result
	if options.settled:
		var reason: String = await _bridge.mode.wait_settled(2, options.timeout_ms)
		if reason != "":
			return CommandError.timeout("The action ran, but the game did not settle "
				+ "within %d ms (%s)." % [options.timeout_ms, reason])
	result["changes"] = _changes()
	if options.snapshot:
		result["snapshot"] = _bridge.take_snapshot({})
	return result


## Top-most added and removed nodes (a subtree counts once), capped for huge changes.
func _changes() -> Dictionary:
	var added := PackedStringArray()
	for node: Node in _added:
		if is_instance_valid(node) and node.is_inside_tree():
			added.append(str(node.get_path()))
	var removed := _removed.duplicate()
	removed = _without_descendants(removed)
	for path: String in removed:
		var at := added.find(path)
		if at >= 0:
			added.remove_at(at)  # added and removed again within the action
	added = _without_descendants(added)
	return {"added": Array(added.slice(0, MAX_LISTED)), "added_count": added.size(),
		"removed": Array(removed.slice(0, MAX_LISTED)), "removed_count": removed.size()}


static func _without_descendants(paths: PackedStringArray) -> PackedStringArray:
	var sorted := paths.duplicate()
	sorted.sort()
	var kept := PackedStringArray()
	for path: String in sorted:
		if kept.is_empty() or not path.begins_with(kept[kept.size() - 1] + "/"):
			if kept.is_empty() or kept[kept.size() - 1] != path:
				kept.append(path)
	return kept
