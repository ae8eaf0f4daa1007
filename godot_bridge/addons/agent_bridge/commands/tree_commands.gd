extends RefCounted
## Commands that read the scene tree as a whole: get_tree, get_node, list_actions.

const CommandError := preload("../command_error.gd")
const Controls := preload("../controls.gd")
const NodeLocator := preload("../node_locator.gd")
const TreeSerializer := preload("../tree_serializer.gd")

var _bridge: Node
var _locator: NodeLocator
var _serializer: TreeSerializer


func _init(bridge: Node, locator: NodeLocator, serializer: TreeSerializer) -> void:
	_bridge = bridge
	_locator = locator
	_serializer = serializer


func register_into(dispatcher: RefCounted) -> void:
	dispatcher.register("get_tree", _get_tree, {
		"root": {"type": "string", "default": "/root", "description": "subtree root path"},
		"max_depth": {"type": "integer", "optional": true, "minimum": 0,
			"description": "levels below root to include"},
		"fields": {"type": "array", "optional": true,
			"items": {"type": "string", "enum": TreeSerializer.FIELDS},
			"description": "only these fields of each node (children always): a leaner tree"},
	}, "The live scene tree, every node serialized automatically.", "bridge")
	dispatcher.register("get_node", _get_node, NodeLocator.with_target({}),
		"One node in detail: its fields, child names and property types.", "bridge")
	dispatcher.register("list_actions", _list_actions, {},
		"Every action possible right now, the game's controls (its input actions and their "
		+ "bindings), and every command.", "bridge")


func _get_tree(args: Dictionary) -> Variant:
	var root: Variant = _locator.find_path(args.root)
	if root is CommandError:
		return root
	var tree := _serializer.serialize_tree(root, args.get("max_depth", -1),
		args.get("fields", []))
	return {"tree": tree, "count": _serializer.count}


func _get_node(args: Dictionary) -> Variant:
	var node: Variant = _locator.find(args)
	if node is CommandError:
		return node
	var names: Array = []
	for child: Node in node.get_children():
		names.append(String(child.name))
	var types := {}
	for property: Dictionary in node.get_property_list():
		if property.usage & PROPERTY_USAGE_EDITOR or property.usage & PROPERTY_USAGE_SCRIPT_VARIABLE:
			types[property.name] = type_string(property.type)
	return {"node": _serializer.serialize_node(node), "children": names, "properties": types}


func _list_actions(_args: Dictionary) -> Variant:
	var actions: Array = []
	_collect_actions(_bridge.get_tree().root, actions)
	var names: Array = []
	for entry: Dictionary in _bridge.describe(false).commands:
		names.append(entry.name)
	return {"actions": actions, "controls": Controls.describe(), "commands": names}


func _collect_actions(node: Node, into: Array) -> void:
	if node is CanvasItem and not (node as CanvasItem).is_visible_in_tree():
		return
	for action: String in TreeSerializer.actions_for(node):
		if not (node is BaseButton and (node as BaseButton).disabled):
			var label: String = node.get("text") if node.get("text") is String else ""
			into.append({"path": str(node.get_path()), "action": action,
				"name": label if label != "" else String(node.name)})
	for child: Node in node.get_children():
		_collect_actions(child, into)
