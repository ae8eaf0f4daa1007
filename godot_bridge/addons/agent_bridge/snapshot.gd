extends RefCounted
## The accessibility snapshot: an indented text tree, `- role "name" [attrs]`, two spaces per
## depth, where everything a player could act on gets a ref (e1, e2, ... in document order).
## Refs belong to the latest snapshot only: an older ref, or one whose node is gone, resolves
## to STALE_REF, never to another node. Roles and names are documented in docs/SNAPSHOT.md.

const CommandError := preload("command_error.gd")
const Pointer := preload("pointer.gd")
const Roles := preload("snapshot_roles.gd")

const MAX_NAME := 80

## Generation of the latest snapshot; refs name it implicitly.
var generation: int = 0
var _ref_nodes: Dictionary = {}  # "e3" -> instance id
var _ref_info: Dictionary = {}  # "e3" -> {"role", "name", "path"}
var _bridge_node: Node


## `bridge_node` (the bridge itself) is left out of every snapshot.
func _init(bridge_node: Node) -> void:
	_bridge_node = bridge_node


## Options: root (Node), interactive, compact (bool), max_depth (int, -1 for all).
## Returns {"text", "refs", "snapshot"}.
func take(root: Node, interactive: bool, compact: bool, max_depth: int) -> Dictionary:
	generation += 1
	_ref_nodes.clear()
	_ref_info.clear()
	var modal := Pointer.open_modal(root.get_tree().root)
	var entries := _collect(root, str(root.get_path()), 0, max_depth, modal == null, modal)
	var lines := PackedStringArray()
	_render(entries, 0, interactive, compact, lines)
	return {"text": "\n".join(lines), "refs": _ref_info.duplicate(true), "snapshot": generation}


## Resolves "e3" or "@e3" to its node, or a STALE_REF CommandError.
func resolve(ref: String) -> Variant:
	var key := ref.trim_prefix("@")
	if not _ref_nodes.has(key):
		var known := "#%d, refs e1..e%d" % [generation, _ref_nodes.size()] if generation > 0 \
			else "none taken yet"
		return CommandError.stale_ref("Ref %s is not in the latest snapshot (%s): take "
			% [ref, known] + "a new snapshot.")
	var node := instance_from_id(_ref_nodes[key]) as Node
	if node == null or not node.is_inside_tree():
		return CommandError.stale_ref("Ref %s named %s, which is gone: take a new "
			% [ref, _ref_info[key].path] + "snapshot.")
	return node


## The ref the latest snapshot gave this node, or "".
func ref_of(node: Node) -> String:
	for key: String in _ref_nodes:
		if _ref_nodes[key] == node.get_instance_id():
			return key
	return ""


func refs() -> Dictionary:
	return _ref_info


# --- collecting -------------------------------------------------------------------------------

## One entry per visible node: {"role", "name", "attrs", "ref", "node", "children"}.
func _collect(node: Node, path: String, depth: int, max_depth: int, reachable: bool,
		modal: Node) -> Dictionary:
	if node == modal:
		reachable = true
	var entry := {"role": Roles.role_of(node), "name": _clip(Roles.name_of(node)),
		"attrs": Roles.attrs_of(node), "ref": "", "children": []}
	if reachable and Roles.is_interactive(node):
		entry.ref = "e%d" % (_ref_nodes.size() + 1)
		_ref_nodes[entry.ref] = node.get_instance_id()
		_ref_info[entry.ref] = {"role": entry.role, "name": entry.name, "path": path}
		var hint := Roles.script_hint(node)
		if hint != "":
			entry.attrs.append("class=" + hint)
	if max_depth >= 0 and depth >= max_depth:
		return entry
	for child: Node in _visible_children(node):
		entry.children.append(_collect(child, path.path_join(String(child.name)), depth + 1,
			max_depth, reachable, modal))
	Roles.add_items(node, entry)
	return entry


## Shown children. Engine-internal ones (a list's scroll bar) are left out, except a window's
## (a dialog's buttons) and popups (an option button's open menu).
func _visible_children(node: Node) -> Array[Node]:
	var shown: Array[Node] = []
	var has_internal := node.get_child_count(true) != node.get_child_count(false)
	var public_children: Array[Node] = []
	if has_internal:
		public_children = node.get_children(false)
	for child: Node in node.get_children(true):
		if child == _bridge_node or not Roles.is_shown(child):
			continue
		var internal := has_internal and not public_children.has(child)
		if internal and not (node is Window or child is Window):
			continue
		shown.append(child)
	return shown


static func _clip(text: String) -> String:
	var flat := text.replace("\n", " ").strip_edges()
	return flat if flat.length() <= MAX_NAME else flat.left(MAX_NAME - 1) + "…"


# --- rendering --------------------------------------------------------------------------------

## True when the entry or a descendant has a ref (kept by `interactive`).
static func _has_ref(entry: Dictionary) -> bool:
	if entry.ref != "":
		return true
	for child: Dictionary in entry.children:
		if _has_ref(child):
			return true
	return false


func _render(entries: Dictionary, depth: int, interactive: bool, compact: bool,
		lines: PackedStringArray) -> void:
	_number_duplicates(entries.children)
	var entry := entries
	if interactive and not _has_ref(entry):
		return
	# compact: unnamed wrappers give way to their children; with interactive, every node
	# without a ref does.
	var hoisted: bool = compact and entry.ref == "" and (interactive
		or (entry.name == "" and entry.role in ["generic", "group", "region"]))
	if not hoisted:
		lines.append("  ".repeat(depth) + _line(entry))
	var child_depth := depth if hoisted else depth + 1
	for child: Dictionary in entry.children:
		_render(child, child_depth, interactive, compact, lines)


static func _line(entry: Dictionary) -> String:
	var text: String = "- " + entry.role
	if entry.name != "":
		text += " \"" + (entry.name as String).replace("\"", "\\\"") + "\""
	var attrs := PackedStringArray(entry.attrs)
	if entry.has("nth"):
		attrs.append("nth=%d" % entry.nth)
	if entry.ref != "":
		attrs.append("ref=" + entry.ref)
	if not attrs.is_empty():
		text += " [" + ", ".join(attrs) + "]"
	return text


## Siblings with the same role and name get nth=1, 2, ... after the first, so a reader can
## tell them apart.
static func _number_duplicates(siblings: Array) -> void:
	var seen := {}
	for entry: Dictionary in siblings:
		if entry.name == "":
			continue
		var key: String = "%s|%s" % [entry.role, entry.name]
		var count: int = seen.get(key, 0)
		if count > 0:
			entry["nth"] = count
		seen[key] = count + 1
