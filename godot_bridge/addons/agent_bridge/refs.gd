extends RefCounted
## Refs that never lie. A node, or an item a control draws (a list entry, a tab, a menu entry,
## a tree row), keeps the ref it was first given for as long as it lives; refs count up (e1,
## e2, ...) and are never reused within a run; a ref whose node or item is gone resolves to
## STALE_REF, never to anything else.

const CommandError := preload("command_error.gd")

## How many gone refs keep their description for the STALE_REF sentence.
const GONE_KEPT := 4096

var _next: int = 1
var _ref_by_key: Dictionary = {}  # instance id, or "id|item key" -> "e7"
var _targets: Dictionary = {}  # "e7" -> {"id": int, "item": String or null, "path": String}
var _gone: Dictionary = {}  # "e7" -> what it named, for the sentence
var _gone_order: Array[String] = []


## The ref of `node` (or of its item `item`, a key from the items module), made on first ask.
func ref_for(node: Node, item: Variant = null) -> String:
	var id := node.get_instance_id()
	var key: Variant = id if item == null else "%d|%s" % [id, item]
	var ref: String = _ref_by_key.get(key, "")
	if ref == "":
		ref = "e%d" % _next
		_next += 1
		_ref_by_key[key] = ref
		_targets[ref] = {"id": id, "item": item, "key": key, "path": ""}
	return ref


## Records what the ref names now and returns its entry of a snapshot's `refs` map:
## {"role", "name", "path"} plus "item" (an index, or a tree item's path of texts) for items.
func describe(ref: String, path: String, role: String, name: String,
		item: Variant = null) -> Dictionary:
	var target: Dictionary = _targets[ref]
	target.path = path if item == null else "%s (item %s)" % [path, item]
	var info := {"role": role, "name": name, "path": path}
	if item != null:
		info["item"] = item
	return info


## {"node": Node, "item": key or null} for "e3" / "@e3", or a CommandError: INVALID_ARGS for
## something that is no ref, STALE_REF for a ref whose node is gone or that was never given.
func resolve(ref: String) -> Variant:
	var key := ref.trim_prefix("@")
	if not (key.begins_with("e") and key.substr(1).is_valid_int()):
		return CommandError.invalid_args("'%s' is not a ref: refs look like e3 or @e3, from a "
			% ref + "snapshot.")
	if not _targets.has(key):
		if _gone.has(key):
			return CommandError.stale_ref("Ref %s named %s, which is gone: take a new snapshot."
				% [key, _gone[key]])
		if int(key.substr(1)) >= _next or int(key.substr(1)) < 1:
			return CommandError.stale_ref("No snapshot gave out %s (the newest ref is e%d): "
				% [key, _next - 1] + "take a new snapshot.")
		return CommandError.stale_ref("Ref %s named a node that is gone: take a new snapshot."
			% key)
	var target: Dictionary = _targets[key]
	var node := instance_from_id(target.id) as Node
	if node == null:
		_forget(key)
		return CommandError.stale_ref("Ref %s named %s, which is gone: take a new snapshot."
			% [key, target.path])
	if not node.is_inside_tree():
		return CommandError.stale_ref("Ref %s named %s, which is no longer in the scene tree: "
			% [key, target.path] + "take a new snapshot.")
	return {"node": node, "item": target.item, "ref": key}


## Drops the refs of freed nodes (their numbers are never given again).
func prune() -> void:
	for ref: String in _targets.keys():
		if not is_instance_id_valid(_targets[ref].id):
			_forget(ref)


## Forgets one item's ref (the item is gone though its control lives on).
func forget_item(ref: String) -> void:
	if _targets.has(ref) and _targets[ref].item != null:
		_forget(ref)


func _forget(ref: String) -> void:
	var target: Dictionary = _targets[ref]
	_ref_by_key.erase(target.key)
	_targets.erase(ref)
	_gone[ref] = target.path if target.path != "" else "a node"
	_gone_order.append(ref)
	if _gone_order.size() > GONE_KEPT:
		_gone.erase(_gone_order.pop_front())
