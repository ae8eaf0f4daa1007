extends RefCounted
## The accessibility snapshot: an indented text tree, `- role "name" [attrs]`, two spaces per
## depth, where everything a player could act on (nodes, and the items lists, tabs, menus and
## trees draw) gets a ref. Refs come from refs.gd: stable for a node's life, never reused.
## Roles, names and filters are documented in docs/SNAPSHOT.md.
##
## `tree_version` counts the states the whole tree has been seen in: each snapshot compares
## what it shows (roles, names, states, refs; not positions, which move every frame) with the
## last one, and a difference is a new version. `since: V` answers "unchanged" when the tree
## is still at version V.

const Items := preload("items.gd")
const Pointer := preload("pointer.gd")
const Controls := preload("controls.gd")
const Refs := preload("refs.gd")
const Roles := preload("snapshot_roles.gd")
const World := preload("world.gd")

const MAX_NAME := 80
## What a snapshot can be asked for (also inside an action's `snapshot` option).
const OPTIONS_SCHEMA := {
	"interactive": {"type": "boolean", "default": false,
		"description": "only entries with refs (and their ancestors unless compact)"},
	"compact": {"type": "boolean", "default": false,
		"description": "drop unnamed wrappers and hoist their children"},
	"all": {"type": "boolean", "default": false,
		"description": "also nodes a player cannot notice (timers, sounds, shapes, cameras)"},
	"since": {"type": "integer", "optional": true, "minimum": 0,
		"description": "a tree_version: answer only {unchanged: true} while still there"},
	"max_depth": {"type": "integer", "optional": true, "minimum": 0},
}
## Wrappers that give way to their children in a compact snapshot when unnamed.
const WRAPPER_ROLES := ["generic", "group", "region"]
## Roles whose name is the text a node shows: stacked copies of one are one entry.
const TEXT_ROLES := ["text", "heading"]

## How many snapshots were taken (each answer carries its number).
var generation: int = 0
## The version of what the tree shows (see the class comment).
var tree_version: int = 0
var _fingerprint: int = 0
var _refs: Refs
var _bridge_node: Node
var _shown: Dictionary = {}  # the latest snapshot's refs: "e3" -> {"role", "name", "path"}


## `bridge_node` (the bridge itself) is left out of every snapshot.
func _init(bridge_node: Node, refs: Refs) -> void:
	_bridge_node = bridge_node
	_refs = refs


## Options: interactive, compact, all (bool), max_depth (int, -1 for all), since (a
## tree_version). Returns {"text", "refs", "snapshot", "tree_version"}, or {"unchanged": true,
## "snapshot", "tree_version"} when the tree is still at version `since`.
func take(root: Node, options: Dictionary) -> Dictionary:
	generation += 1
	_refs.prune()
	_shown = {}
	var tree_root := root.get_tree().root
	var walk := {"max_depth": options.get("max_depth", -1), "all": options.get("all", false),
		"modal": Pointer.open_modal(tree_root)}
	if root != tree_root or walk.max_depth >= 0 or walk.all:
		# The version is of the whole tree as a player sees it; the refs listed are only
		# those of what this snapshot shows. A plain subtree is read off the whole tree's
		# walk (its entry is noted on the way) instead of being walked again.
		var whole_walk := {"max_depth": -1, "all": false, "modal": walk.modal, "find": root}
		_observe(_collect(tree_root, "/root", 0, walk.modal == null, whole_walk))
		var part: Variant = whole_walk.get("found")
		if part != null and walk.max_depth < 0 and not walk.all:
			var all_shown := _shown
			_shown = {}
			_keep_shown(part, all_shown)
		else:
			_shown = {}
			part = _collect(root, str(root.get_path()), 0, walk.modal == null, walk)
		return _answer(part, options, root == tree_root)
	var entry: Variant = _collect(root, str(root.get_path()), 0, walk.modal == null, walk)
	_observe(entry)
	return _answer(entry, options, true)


## `header`: a snapshot of the whole tree starts with the game's controls and its camera.
func _answer(entry: Variant, options: Dictionary, header: bool) -> Dictionary:
	if options.get("since", -1) == tree_version:
		return {"unchanged": true, "snapshot": generation, "tree_version": tree_version}
	var lines := PackedStringArray()
	if header:
		_add_header(lines)
	var interactive: bool = options.get("interactive", false)
	if entry != null:
		if interactive:
			_mark_refs(entry)
		_render(entry, 0, interactive, options.get("compact", false), lines)
	# _shown is replaced, never changed, by the next snapshot: the answer may hold it as is.
	return {"text": "\n".join(lines), "refs": _shown, "snapshot": generation,
		"tree_version": tree_version}


## The lines above the tree: `- controls: ...` (the game's input actions and their bindings)
## and `- camera "Name" [pos=..., facing=...]` (the camera that shows the world), each only
## when there is one.
func _add_header(lines: PackedStringArray) -> void:
	var controls := Controls.line()
	if controls != "":
		lines.append(controls)
	var camera := World.active_camera(_bridge_node.get_tree().root)
	if camera != null:
		lines.append("- camera \"%s\" [%s]" % [_clip(Roles.readable(String(camera.name))),
			", ".join(World.camera_attrs(camera))])


## Moves tree_version on when what the whole tree shows differs from the last look.
func _observe(whole: Variant) -> void:
	var parts := PackedStringArray()
	if whole != null:
		_fingerprint_parts(whole, parts)
	var fingerprint := "\n".join(parts).hash()
	if fingerprint != _fingerprint or tree_version == 0:
		_fingerprint = fingerprint
		tree_version += 1


## One part per entry, in document order; with its number of children the order gives the
## tree's shape.
static func _fingerprint_parts(entry: Dictionary, parts: PackedStringArray) -> void:
	var children: Array = entry.children
	var line: String = entry.role + "|" + entry.name + "|" + entry.ref + "|" \
		+ str(children.size())
	for attr: String in entry.attrs:
		if not World.is_place_attr(attr):
			line += "|" + attr
	parts.append(line)
	for child: Dictionary in children:
		_fingerprint_parts(child, parts)


## The refs the latest snapshot showed (for annotated screenshots).
func shown_refs() -> Dictionary:
	return _shown


# --- collecting -------------------------------------------------------------------------------

## One entry per node a player could notice: {"role", "name", "attrs", "ref", "children"}
## (and "node" for text, to find stacked copies), or null for an unnamed leaf that says
## nothing (a background, a decoration) unless `all`. `in_entity`: an ancestor is an entity,
## whose sprites and meshes are part of it.
func _collect(node: Node, path: String, depth: int, reachable: bool, walk: Dictionary,
		kind: Dictionary = {}, in_entity: bool = false) -> Variant:
	if node == walk.modal:
		reachable = true
	if kind.is_empty():
		kind = Roles.kind_of(node)
	var role: String = kind.role
	if kind.label or role == "dialog":
		role = Roles.role_with(node, kind)  # a heading, or the application window
	var interactive := Roles.interactive_with(node, kind)
	var entity := Roles.entity_in(node, kind, in_entity)
	var name := Roles.name_with(node, kind, interactive, entity)
	# Entities an agent looks for get refs for get, click, nearby.
	var wanted := entity and Roles.looked_for(node, kind, name)
	if name == "" and walk.all:
		name = Roles.readable(String(node.name))
	var entry := {"role": role, "name": _clip(name) if name != "" else name,
		"attrs": Roles.attrs_with(node, kind, entity), "ref": "", "children": []}
	if role in TEXT_ROLES:
		entry["node"] = node
	elif name == "":
		entry["node_name"] = String(node.name)  # names it if it would repeat a sibling
	if node == walk.get("find"):
		walk["found"] = entry
	if reachable and (interactive or wanted):
		entry.ref = _refs.ref_for(node)
		_shown[entry.ref] = _refs.describe(entry.ref, path, role, entry.name)
	if (entry.ref != "" or entity) and node.get_script() != null:
		var hint := Roles.script_hint(node)
		if hint != "":
			entry.attrs.append("class=" + hint)
	var cut_off: bool = walk.max_depth >= 0 and depth >= walk.max_depth
	if not cut_off:
		if kind.items:
			entry.children = _item_entries(node, path, Items.entries(node), reachable)
		_collect_children(node, entry.children, path, depth, reachable, walk,
			in_entity or entity)
		_drop_stacked_copies(entry)
	var says_nothing: bool = entry.name == "" and entry.ref == "" and entry.attrs.is_empty() \
		and entry.children.is_empty() and not (cut_off and node.get_child_count() > 0)
	return null if says_nothing and not walk.all and depth > 0 else entry


## Copies into _shown the refs of `entry` and its descendants, from the whole tree's.
func _keep_shown(entry: Dictionary, all_shown: Dictionary) -> void:
	if entry.ref != "":
		_shown[entry.ref] = all_shown[entry.ref]
	for child: Dictionary in entry.children:
		_keep_shown(child, all_shown)


## Item entries of a list, tab bar, menu or tree, with refs when a player could reach them.
func _item_entries(node: Node, path: String, items: Array, reachable: bool) -> Array:
	for item: Dictionary in items:
		item.name = _clip(item.name)
		item["ref"] = ""
		if reachable:
			item.ref = _refs.ref_for(node, item.key)
			_shown[item.ref] = _refs.describe(item.ref, path, item.role, item.name, item.item)
		item.children = _item_entries(node, path, item.children, reachable)
	return items


## Entries of the shown children. Engine-internal ones (a list's scroll bar, a spin box's
## text field) are left out, except a window's (a dialog's buttons) and popups (an option
## button's open menu); so are nodes a player cannot notice (timers, sounds, shapes) unless
## `all`. Each child's kind is worked out once, here, and handed down.
func _collect_children(node: Node, entries: Array, path: String, depth: int, reachable: bool,
		walk: Dictionary, in_entity: bool) -> void:
	var has_internal := node.get_child_count(true) != node.get_child_count(false)
	var public_children: Array[Node] = []
	if has_internal:
		public_children = node.get_children(false)
	for child: Node in node.get_children(true):
		if child == _bridge_node or not Roles.is_shown(child):
			continue
		var kind := Roles.kind_of(child)
		if kind.unseen and not walk.all:
			continue
		if has_internal and not (node is Window or child is Window) \
				and not public_children.has(child):
			continue
		var child_entry: Variant = _collect(child, path.path_join(String(child.name)),
			depth + 1, reachable, walk, kind, in_entity)
		if child_entry != null:
			entries.append(child_entry)


## Stacked copies of a text (a 3D label's shadow copies, outline labels: the same text at the
## same place, as children of the text or beside each other) are one entry: the first.
static func _drop_stacked_copies(entry: Dictionary) -> void:
	var kept: Array = [entry] if entry.has("node") and entry.name != "" else []
	var children: Array = []
	for child: Dictionary in entry.children:
		var copy := false
		if child.has("node") and child.name != "" and child.ref == "" \
				and (child.children as Array).is_empty():
			for shown: Dictionary in kept:
				if shown.name == child.name and World.same_place(shown.node, child.node):
					copy = true
					break
			if not copy:
				kept.append(child)
		if not copy:
			children.append(child)
	entry.children = children


static func _clip(text: String) -> String:
	var flat := text.replace("\n", " ").strip_edges()
	return flat if flat.length() <= MAX_NAME else flat.left(MAX_NAME - 1) + "…"


# --- rendering --------------------------------------------------------------------------------

## Marks each entry with `has_ref`: whether it or a descendant has a ref (what `interactive`
## keeps). One pass, so rendering does not search each subtree again at every depth.
static func _mark_refs(entry: Dictionary) -> bool:
	var found: bool = entry.ref != ""
	for child: Dictionary in entry.children:
		found = _mark_refs(child) or found
	entry["has_ref"] = found
	return found


func _render(entry: Dictionary, depth: int, interactive: bool, compact: bool,
		lines: PackedStringArray) -> void:
	_number_duplicates(entry.children, not compact)
	if interactive and not entry.has_ref:
		return
	# compact: unnamed wrappers give way to their children; with interactive, every node
	# without a ref does.
	var hoisted: bool = compact and entry.ref == "" and (interactive
		or (entry.name == "" and entry.role in WRAPPER_ROLES))
	if not hoisted:
		lines.append("  ".repeat(depth) + _line(entry))
	var child_depth := depth if hoisted else depth + 1
	for child: Dictionary in entry.children:
		_render(child, child_depth, interactive, compact, lines)


static func _name_repeated_wrappers(siblings: Array) -> void:
	var alike := {}
	for entry: Dictionary in siblings:
		if entry.has("node_name") and entry.ref == "":
			var key: String = entry.role + "|" + "|".join(entry.attrs)
			alike[key] = alike.get(key, []) + [entry]
	for group: Array in alike.values():
		if group.size() > 1:
			for entry: Dictionary in group:
				entry.name = _clip(Roles.readable(entry.node_name))


static func _line(entry: Dictionary) -> String:
	var text: String = "- " + entry.role
	if entry.name != "":
		text += " \"" + (entry.name as String).replace("\"", "\\\"") + "\""
	if entry.ref == "" and (entry.attrs as Array).is_empty() and not entry.has("nth"):
		return text
	var attrs := PackedStringArray(entry.attrs)
	if entry.has("nth"):
		attrs.append("nth=%d" % entry.nth)
	if entry.ref != "":
		attrs.append("ref=" + entry.ref)
	if not attrs.is_empty():
		text += " [" + ", ".join(attrs) + "]"
	return text


## Siblings with the same role and name get nth=1, 2, ... after the first, so a reader can
## tell them apart. With `name_unnamed`, unnamed siblings whose lines would read the same (two
## bare `- generic` wrappers) are named by their node names first.
static func _number_duplicates(siblings: Array, name_unnamed: bool) -> void:
	if name_unnamed:
		_name_repeated_wrappers(siblings)
	var seen := {}
	for entry: Dictionary in siblings:
		if entry.name == "":
			continue
		var key: String = "%s|%s" % [entry.role, entry.name]
		var count: int = seen.get(key, 0)
		if count > 0:
			entry["nth"] = count
		seen[key] = count + 1
