extends RefCounted
## What an action did, so an agent needs one call per step: nodes added and removed while it
## ran, optionally waiting until the game settles, optionally a fresh snapshot (compact unless
## it asks for other snapshot options) with the tree_version. Every action command takes the
## options in ACTION_OPTIONS.

const ArgSchema := preload("arg_schema.gd")
const Clock := preload("clock.gd")
const CommandError := preload("command_error.gd")
const Screen := preload("screen.gd")
const Services := preload("services.gd")
const Snapshot := preload("snapshot.gd")

const ACTION_OPTIONS := {
	"settled": {"type": "boolean", "default": false,
		"description": "answer only once the game is settled"},
	"snapshot": {"type": "any", "default": false,
		"description": "true, or snapshot options ({interactive, compact, since, ...}): "
		+ "answer with a snapshot of the new state (compact by default)"},
	"timeout_ms": {"type": "integer", "default": 5000, "minimum": 0,
		"maximum": Clock.MAX_TIMEOUT_MS,
		"description": "how long settling may take"},
}
const MAX_LISTED := 50

var _root: Window
var _settled: Services.SettledCheck
var _snapshot: Snapshot
var _added: Array[Node] = []
var _added_ids: Dictionary = {}
var _removed: PackedStringArray = []
var _recording: bool = false


func _init(services: Services) -> void:
	var tree := services.bridge.get_tree()
	_root = tree.root
	_settled = services.settled
	_snapshot = services.snapshot()
	tree.node_added.connect(_on_added)
	tree.node_removed.connect(_on_removed)


func _on_added(node: Node) -> void:
	if not _recording:
		return
	_added.append(node)
	_added_ids[node.get_instance_id()] = true


## A node that came and went within the action is no change at all.
func _on_removed(node: Node) -> void:
	if _recording and not _added_ids.has(node.get_instance_id()):
		_removed.append(str(node.get_path()))


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
	if options.snapshot is Dictionary:
		var checked := ArgSchema.validate("the snapshot option", options.snapshot,
			Snapshot.OPTIONS_SCHEMA)
		if not checked.ok:
			return CommandError.invalid_args(checked.error)
		options.snapshot = checked.args
	elif not options.snapshot is bool:
		return CommandError.invalid_args("snapshot is true, false or snapshot options.")
	_added.clear()
	_added_ids.clear()
	_removed.clear()
	_recording = true
	var result: Variant = await handler.call(args)
	var unsettled := ""
	if options.settled and result is Dictionary:
		unsettled = await _settled.wait_settled(2, options.timeout_ms, args._cancel)
	_recording = false
	if result is CommandError or not result is Dictionary:
		return result
	if unsettled != "":
		return CommandError.timeout("The action ran, but the game did not settle within %d ms "
			% options.timeout_ms + "(%s)." % unsettled)
	result["changes"] = _changes()
	_add_target_rect(result)
	if options.snapshot is Dictionary or (options.snapshot is bool and options.snapshot):
		var asked: Dictionary = options.snapshot if options.snapshot is Dictionary \
			else {"compact": true}
		result["snapshot"] = _snapshot.take(_root, asked)
	return result


## Where the acted-on node is on screen now (root pixels), for traces and reports.
func _add_target_rect(result: Dictionary) -> void:
	for key: String in ["target", "pressed", "path"]:
		var path: Variant = result.get(key)
		if path is String and (path as String).begins_with("/root"):
			var node := _root.get_node_or_null(NodePath(path))
			var rect := Screen.rect_of(node) if node != null else Rect2()
			if rect.has_area():
				result["target_rect"] = {"x": roundi(rect.position.x), "y": roundi(
					rect.position.y), "w": roundi(rect.size.x), "h": roundi(rect.size.y)}
			return


## Top-most added and removed nodes (a subtree counts once), capped for huge changes.
func _changes() -> Dictionary:
	var added := PackedStringArray()
	for node: Node in _added:
		if is_instance_valid(node) and node.is_inside_tree():
			added.append(str(node.get_path()))
	var removed := _without_descendants(_removed)
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
