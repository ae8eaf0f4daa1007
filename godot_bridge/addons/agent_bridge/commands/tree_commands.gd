extends RefCounted
## The scene tree: the whole of it, or a subtree, every node serialized (get_tree), and one node
## in detail (get_node).

const CommandError := preload("../command_error.gd")
const NodeLocator := preload("../node_locator.gd")
const Services := preload("../services.gd")
const TreeSerializer := preload("../tree_serializer.gd")

var _locator: NodeLocator
var _serializer := TreeSerializer.new()


func _init(services: Services) -> void:
	_locator = services.locator


func register_into(dispatcher: Services.Dispatcher) -> void:
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

