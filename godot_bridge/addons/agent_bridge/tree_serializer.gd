extends RefCounted
## Serializes live nodes into the protocol's node shape: identity, visibility, what matters for
## the node's type, the script's public plain variables and the actions that apply. The game's
## code is never asked: everything is read from the engine.

const Codec := preload("value_codec.gd")
const Roles := preload("snapshot_roles.gd")
const Screen := preload("screen.gd")
## Script variable types worth showing (plain data, not resources or nodes).
const PLAIN_TYPES := [TYPE_BOOL, TYPE_INT, TYPE_FLOAT, TYPE_STRING, TYPE_STRING_NAME,
	TYPE_VECTOR2, TYPE_VECTOR2I, TYPE_VECTOR3, TYPE_VECTOR3I, TYPE_COLOR, TYPE_RECT2,
	TYPE_NODE_PATH, TYPE_ARRAY, TYPE_DICTIONARY, TYPE_PACKED_INT32_ARRAY,
	TYPE_PACKED_STRING_ARRAY, TYPE_PACKED_FLOAT32_ARRAY]

## The node fields get_tree's `fields` may ask for. The identity ones are read on their own
## (_identity); any other costs the whole node shape.
const IDENTITY_FIELDS := ["name", "type", "path", "role", "label"]
const FIELDS := ["name", "type", "class", "path", "role", "label", "script", "groups", "props",
	"visible", "rect", "position", "global_position", "screen", "title", "layer", "text",
	"placeholder", "editable", "disabled", "toggle_mode", "button_pressed", "value", "min",
	"max", "step", "items", "selected", "playing", "current_animation", "actions"]

var _script_info: Dictionary = {}  # Script -> {"type": String, "props": Array[String]}
var _fields: Array = []  # empty: the whole node shape
var _whole_shape_needed: bool = true
var count: int = 0


## The node and its subtree down to `max_depth` levels (-1: all); only `fields` of each node
## (and its children) when given.
func serialize_tree(root: Node, max_depth: int = -1, fields: Array = []) -> Dictionary:
	count = 0
	_fields = fields
	_whole_shape_needed = fields.is_empty() or fields.any(
		func(field: String) -> bool: return not IDENTITY_FIELDS.has(field))
	return _serialize_recursive(root, str(root.get_path()), max_depth, false)


## `path` is passed down (parent path + name): cheaper than asking each node for its path.
func _serialize_recursive(node: Node, path: String, depth_left: int, internal: bool) -> Dictionary:
	var data := serialize_node(node, path) if _fields.is_empty() else _chosen_fields(node, path)
	if internal:
		data["internal"] = true
	var children: Array = []
	var child_count := node.get_child_count(true)
	if child_count > 0 and depth_left == 0:
		data["truncated"] = true
	elif child_count > 0:
		# Internal children (a dialog's buttons, scroll bars) are rare: look them up only then.
		var has_internal := child_count != node.get_child_count(false)
		var public_children: Array[Node] = []
		if has_internal:
			public_children = node.get_children(false)
		for child: Node in node.get_children(true):
			var is_internal := has_internal and not public_children.has(child)
			var child_path := path.path_join(String(child.name))
			children.append(_serialize_recursive(child, child_path, depth_left - 1, is_internal))
	data["children"] = children
	return data


## One node without children (`path` when the caller knows it already).
func serialize_node(node: Node, path: String = "") -> Dictionary:
	var data := _identity(node, path if path != "" else str(node.get_path()))
	var groups := node.get_groups()
	if not groups.is_empty():
		data["groups"] = _public_groups(groups)
	var script: Script = node.get_script()
	if script != null:
		_add_script(node, script, data)
	if node is CanvasItem:
		data["visible"] = (node as CanvasItem).is_visible_in_tree()
		if node is Control:
			_add_control(node, data)
		elif node is Node2D:
			data["position"] = Codec.to_wire((node as Node2D).position)
			data["global_position"] = Codec.to_wire((node as Node2D).global_position)
	elif node is Node3D:
		data["visible"] = (node as Node3D).is_visible_in_tree()
		data["position"] = Codec.to_wire((node as Node3D).position)
		data["global_position"] = Codec.to_wire((node as Node3D).global_position)
		var screen: Variant = Screen.project(node as Node3D)
		if screen != null:
			data["screen"] = {"x": _whole(roundf(screen.x)), "y": _whole(roundf(screen.y))}
	elif node is Window:
		data["visible"] = (node as Window).visible
		data["title"] = (node as Window).title
	elif node is CanvasLayer:
		data["visible"] = (node as CanvasLayer).visible
		data["layer"] = (node as CanvasLayer).layer
	elif node is AnimationPlayer:
		data["playing"] = (node as AnimationPlayer).is_playing()
		data["current_animation"] = (node as AnimationPlayer).current_animation
	var actions := actions_for(node)
	if not actions.is_empty():
		data["actions"] = actions
	return data


## The node's script, its engine class under it, and its public plain variables (props).
func _add_script(node: Node, script: Script, data: Dictionary) -> void:
	var info := script_info(script)
	if info.type != "":
		data["class"] = node.get_class()
	data["script"] = script.resource_path
	if not info.props.is_empty():
		var props := {}
		for name: String in info.props:
			props[name] = Codec.to_wire(node.get(name))
		data["props"] = props


## What names the node: name, type (its script's class_name, else the engine class), path,
## role and label (left out when empty); counts it.
func _identity(node: Node, path: String) -> Dictionary:
	count += 1
	var script: Script = node.get_script()
	var type: String = script_info(script).type if script != null else ""
	var kind := Roles.kind_of(node)
	var data := {"name": String(node.name), "type": type if type != "" else node.get_class(),
		"path": path, "role": Roles.role_with(node, kind)}
	var label := Roles.name_with(node, kind, Roles.interactive_with(node, kind),
		Roles.entity_with(node, kind))
	if label != "":
		data["label"] = label
	return data


## Only the fields asked for: a lean tree is cheaper to build, send and read.
func _chosen_fields(node: Node, path: String) -> Dictionary:
	var source := serialize_node(node, path) if _whole_shape_needed else _identity(node, path)
	var data := {}
	for field: String in _fields:
		if source.has(field):
			data[field] = source[field]
	return data


func _add_control(control: Control, data: Dictionary) -> void:
	# Root viewport coordinates, as input uses them (a dialog's controls included).
	var rect := Screen.rect_of(control)
	data["rect"] = {"x": _whole(rect.position.x), "y": _whole(rect.position.y),
		"w": _whole(rect.size.x), "h": _whole(rect.size.y)}
	if control is BaseButton:
		_add_button(control as BaseButton, data)
	elif control is Label:
		data["text"] = (control as Label).text
	elif control is RichTextLabel:
		data["text"] = (control as RichTextLabel).get_parsed_text()
	elif control is LineEdit or control is TextEdit:
		_add_text_field(control, data)
	elif control is Range:
		var range_control: Range = control
		data["value"] = _whole(range_control.value)
		data["min"] = _whole(range_control.min_value)
		data["max"] = _whole(range_control.max_value)
		data["step"] = range_control.step
	elif control is ItemList or control is TabBar:
		_add_choices(control, data)


func _add_button(button: BaseButton, data: Dictionary) -> void:
	data["disabled"] = button.disabled
	if button.toggle_mode:
		data["toggle_mode"] = true
		data["button_pressed"] = button.button_pressed
	if button is Button:
		data["text"] = (button as Button).text
	elif button is LinkButton:
		data["text"] = (button as LinkButton).text
	if button is OptionButton:
		_add_items(button as OptionButton, data)


## A LineEdit's or TextEdit's text, placeholder and whether it takes typing.
static func _add_text_field(field: Control, data: Dictionary) -> void:
	if field is LineEdit:
		var line_edit: LineEdit = field
		data["text"] = line_edit.text
		data["placeholder"] = line_edit.placeholder_text
		data["editable"] = line_edit.editable
	else:
		var text_edit: TextEdit = field
		data["text"] = text_edit.text
		data["placeholder"] = text_edit.placeholder_text
		data["editable"] = text_edit.editable


## An ItemList's entries or a TabBar's tabs, and which are selected.
static func _add_choices(control: Control, data: Dictionary) -> void:
	if control is ItemList:
		var list: ItemList = control
		var items: Array = []
		for i in list.item_count:
			items.append({"text": list.get_item_text(i), "disabled": list.is_item_disabled(i)})
		data["items"] = items
		data["selected"] = Array(list.get_selected_items())
	else:
		var tabs: TabBar = control
		var titles: Array = []
		for i in tabs.tab_count:
			titles.append(tabs.get_tab_title(i))
		data["items"] = titles
		data["selected"] = tabs.current_tab


## Whole numbers go out as ints: Godot's JSON encoder writes an int about twice as fast as a
## float, which matters for the rects of a 10,000-node tree.
static func _whole(number: float) -> Variant:
	return int(number) if number == floorf(number) and absf(number) < 1.0e15 else number


func _add_items(option: OptionButton, data: Dictionary) -> void:
	var items: Array = []
	for i in option.item_count:
		items.append({"text": option.get_item_text(i), "id": option.get_item_id(i),
			"disabled": option.is_item_disabled(i)})
	data["items"] = items
	data["selected"] = option.selected


## Group names, without the engine's internal ones (they start with an underscore).
static func _public_groups(groups: Array[StringName]) -> Array:
	var names: Array = []
	for group: StringName in groups:
		if not String(group).begins_with("_"):
			names.append(String(group))
	return names


## The protocol commands that act on this node.
static func actions_for(node: Node) -> Array:
	if node is BaseButton:
		return ["press"]
	if node is LineEdit or node is TextEdit:
		return ["fill"]
	return []


## The type name and the public plain variables of a script (cached per script).
func script_info(script: Script) -> Dictionary:
	if _script_info.has(script):
		return _script_info[script]
	var props: Array[String] = []
	for property: Dictionary in script.get_script_property_list():
		var name: String = property.name
		if property.usage & PROPERTY_USAGE_SCRIPT_VARIABLE == 0 or name.begins_with("_"):
			continue
		if PLAIN_TYPES.has(property.type):
			props.append(name)
	var info := {"type": String(script.get_global_name()), "props": props}
	_script_info[script] = info
	return info
