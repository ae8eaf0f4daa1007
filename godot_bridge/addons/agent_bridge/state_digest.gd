extends RefCounted
## A hash of the game's state, so two runs can be compared frame by frame: for every node under
## a root, in tree order, its path, class, visibility, transform (2D, 3D or a control's rect;
## a control's text, value, toggle state, selected item and current tab too), the velocity of
## a physics body, and the public plain variables of its script (those get_tree shows). Two
## runs with the same seed and inputs have the same digest at the same frame; the first node
## whose own hash differs names where they parted.
##
## A node the engine named (`@VScrollBar@14`: the number counts every node made so far, so it
## differs between a launch and a reset) is named by its class and its index among its
## siblings instead (`@VScrollBar#2`); the game's own names never begin with `@`.

const Codec := preload("value_codec.gd")
const TreeSerializer := preload("tree_serializer.gd")
## Hex digits of a digest (64 bits).
const DIGITS := 16
## Hex digits of one field's hash in take_fields (enough to name the field that differs).
const FIELD_DIGITS := 4
const FIELD_MASK := 0xffff
## What of a control goes in besides its rect, when it has it.
const CONTROL_STATE := ["text", "value", "button_pressed", "selected", "current_tab"]

var _serializer := TreeSerializer.new()
var _skipped: Node


## `skipped`: a subtree left out (the bridge's own node).
func _init(skipped: Node) -> void:
	_skipped = skipped


## {"digest", "count", "by_node" (only with `per_node`: path -> the node's own hash),
## "state" (only with `with_state`: path -> {field: the value hashed})}.
func take(root: Node, per_node: bool, with_state: bool = false) -> Dictionary:
	var whole := HashingContext.new()
	whole.start(HashingContext.HASH_SHA256)
	var found := {"by_node": {}, "state": {}}
	var count := _add(root, str(root.get_path()), whole, found, [per_node, with_state])
	var result := {"digest": whole.finish().hex_encode().left(DIGITS), "count": count}
	if per_node:
		result["by_node"] = found.by_node
	if with_state:
		result["state"] = found.state
	return result


## Hashes `node` and its subtree into `whole`; `wanted`: [per node hashes, per node state].
func _add(node: Node, path: String, whole: HashingContext, found: Dictionary,
		wanted: Array) -> int:
	if node == _skipped:
		return 0
	var names: Array = []
	var values := _state(node, path, names)
	# Every float with all its digits: a run that parted by one bit must not hash the same.
	var line := JSON.stringify(values, "", false, true)
	whole.update(line.to_utf8_buffer())
	if wanted[0]:
		found.by_node[path] = line.sha256_text().left(DIGITS)
	if wanted[1]:
		var fields := {}
		for index: int in names.size():
			fields[names[index]] = values[index]
		found.state[path] = fields
	var count := 1
	var index := 0
	for child: Node in node.get_children(true):
		count += _add(child, path.path_join(stable_name(child, index)), whole, found, wanted)
		index += 1
	return count


## `node`'s name in a digest path; `index`: its place among its parent's children, internal
## ones included (the class comment says why).
static func stable_name(node: Node, index: int) -> String:
	var name := String(node.name)
	return "@%s#%d" % [node.get_class(), index] if name.begins_with("@") else name


## The node a digest path names under `root`, or null.
static func node_at(root: Node, path: String) -> Node:
	var node := root
	var parts := path.trim_prefix(str(root.get_path())).split("/", false)
	for part: String in parts:
		if part.begins_with("@"):
			var index := part.get_slice("#", 1).to_int()
			node = node.get_child(index, true) if index < node.get_child_count(true) else null
		else:
			node = node.get_node_or_null(NodePath(part))
		if node == null:
			return null
	return node


## What of one node goes into the digest, as wire values.
func state_of(node: Node, path: String) -> Array:
	return _state(node, path, [])


## The name of each entry of state_of(node), in its order (a script variable by its name).
func field_names(node: Node) -> Array:
	var names: Array = []
	_state(node, str(node.get_path()), names)
	return names


## Every node's state, field by field, for a replay's checkpoints (docs/REPLAY.md):
## {"digest" (as take() gives it), "count", "fields": {path: a FIELD_DIGITS-hex-digit hash
## per entry of state_of, joined}, "order": [paths in tree order]}.
func take_fields(root: Node) -> Dictionary:
	var whole := HashingContext.new()
	whole.start(HashingContext.HASH_SHA256)
	var fields := {}
	var order: Array[String] = []
	_add_fields(root, str(root.get_path()), whole, fields, order)
	return {"digest": whole.finish().hex_encode().left(DIGITS), "count": order.size(),
		"fields": fields, "order": order}


## The hash of one field's JSON text in take_fields: FIELD_DIGITS hex digits.
static func text_hash(text: String) -> String:
	return "%04x" % (text.hash() & FIELD_MASK)


func _add_fields(node: Node, path: String, whole: HashingContext, fields: Dictionary,
		order: Array[String]) -> void:
	if node == _skipped:
		return
	var parts := PackedStringArray()
	var hashes := ""
	for value: Variant in state_of(node, path):
		var text := JSON.stringify(value, "", false, true)
		parts.append(text)
		hashes += text_hash(text)
	# The same bytes JSON.stringify gives the whole array, so the digest is take()'s.
	whole.update(("[" + ",".join(parts) + "]").to_utf8_buffer())
	fields[path] = hashes
	order.append(path)
	var index := 0
	for child: Node in node.get_children(true):
		_add_fields(child, path.path_join(stable_name(child, index)), whole, fields, order)
		index += 1


func _state(node: Node, path: String, names: Array) -> Array:
	var state: Array = [path, node.get_class()]
	names.append_array(["path", "class"])
	if node is CanvasItem:
		state.append((node as CanvasItem).visible)
		names.append("visible")
	if node is Node2D:
		var t2: Transform2D = (node as Node2D).global_transform
		state.append([t2.x.x, t2.x.y, t2.y.x, t2.y.y, t2.origin.x, t2.origin.y])
		names.append("global_transform")
	elif node is Node3D:
		var t3: Transform3D = (node as Node3D).global_transform
		state.append((node as Node3D).visible)
		state.append([t3.basis.x.x, t3.basis.x.y, t3.basis.x.z, t3.basis.y.x, t3.basis.y.y,
			t3.basis.y.z, t3.basis.z.x, t3.basis.z.y, t3.basis.z.z, t3.origin.x, t3.origin.y,
			t3.origin.z])
		names.append_array(["visible", "global_transform"])
	elif node is Control:
		var rect: Rect2 = (node as Control).get_global_rect()
		state.append([rect.position.x, rect.position.y, rect.size.x, rect.size.y])
		names.append("rect")
		# What a player reads and sets: the text, a range's value, a toggle's state.
		for property: String in CONTROL_STATE:
			if property in node and (property != "button_pressed" or node.get("toggle_mode")):
				state.append(Codec.to_wire(node.get(property)))
				names.append(property)
	if node is CharacterBody2D or node is CharacterBody3D:
		state.append(Codec.to_wire(node.get("velocity")))
		names.append("velocity")
	elif node is RigidBody2D or node is RigidBody3D:
		state.append(Codec.to_wire(node.get("linear_velocity")))
		names.append("linear_velocity")
	var script: Script = node.get_script()
	if script != null:
		for property: String in _serializer.script_info(script).props:
			state.append(Codec.to_wire(node.get(property), true))
			names.append(property)
	return state
