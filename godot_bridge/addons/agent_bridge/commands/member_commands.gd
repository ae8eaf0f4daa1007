extends RefCounted
## A node's members: read and set its properties (get_property, set_property), call its methods
## (call_method), list its signals (get_signals). (The tree as a whole: tree_commands.gd.)

const Codec := preload("../value_codec.gd")
const CommandError := preload("../command_error.gd")
const NodeLocator := preload("../node_locator.gd")
const Services := preload("../services.gd")
## Lets call_method and set_property reach `_`-prefixed members (off-limits by default).
const PRIVATE_SETTING := "agent_bridge/allow_private_members"
## Methods that reach any member by name; through call_method they would step around the
## rules below.
const REFLECTIVE_METHODS := ["get", "set", "get_indexed", "set_indexed", "call", "callv",
	"call_deferred", "set_deferred", "set_script"]

var _bridge: Services.Bridge
var _locator: NodeLocator


func _init(services: Services) -> void:
	_bridge = services.bridge
	_locator = services.locator


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("get_property", _get_property, NodeLocator.with_target({
		"property": {"type": "string", "description": "name, or sub-path such as position:x"},
	}), "Read any property of any node.", "bridge")
	dispatcher.register("set_property", _set_property, NodeLocator.with_target({
		"property": {"type": "string"},
		"value": {"type": "any", "description": "JSON value converted to the property's type"},
	}), "Set a property; the JSON value is converted to its type or refused.", "bridge")
	dispatcher.register("call_method", _call_method, NodeLocator.with_target({
		"method": {"type": "string"},
		"args": {"type": "array", "default": [], "description": "converted to parameter types"},
	}), "Call a method on a node and return its result.", "bridge")
	dispatcher.register("get_signals", _get_signals, NodeLocator.with_target({}),
		"A node's signals and what is connected to them.", "bridge")


func _get_property(args: Dictionary) -> Variant:
	var node: Variant = _locator.find(args)
	if node is CommandError:
		return node
	var property: String = args.property
	var blocked := member_problem(str(node.get_path()), property, false)
	if blocked != null:
		return blocked
	if not _has_property(node, property):
		return _no_property(node, property)
	var value: Variant = node.get_indexed(NodePath(property))
	return {"value": Codec.to_wire(value), "type": type_string(typeof(value))}


func _set_property(args: Dictionary) -> Variant:
	var node: Variant = _reachable_node(args)
	if node is CommandError:
		return node
	var property: String = args.property
	var blocked := member_problem(str(node.get_path()), property, true)
	if blocked != null:
		return blocked
	var info := _property_info(node, property)
	if info.is_empty():
		return _no_property(node, property)
	var type: int = info.type
	var hint: int = info.get("hint", PROPERTY_HINT_NONE)
	if property.contains(":"):
		type = typeof(node.get_indexed(NodePath(property)))
		hint = PROPERTY_HINT_NONE
	var converted := Codec.from_wire(args.value, type, hint, info.get("hint_string", ""))
	if not converted.ok:
		return CommandError.invalid_args("Cannot set %s.%s (%s) to %s: expected %s." % [
			node.name, property, type_string(type), JSON.stringify(args.value), converted.error])
	var errors_before: int = _bridge.engine_errors()[0]
	node.set_indexed(NodePath(property), converted.value)
	var refused := _engine_refused(errors_before, "setting %s" % property)
	if refused != null:
		return refused
	var now: Variant = node.get_indexed(NodePath(property))
	return {"value": Codec.to_wire(now), "type": type_string(typeof(now))}


func _call_method(args: Dictionary) -> Variant:
	var node: Variant = _reachable_node(args)
	if node is CommandError:
		return node
	var method: String = args.method
	var blocked := member_problem(str(node.get_path()), method, true)
	if blocked == null and method in REFLECTIVE_METHODS:
		blocked = CommandError.invalid_args("%s() reaches members by name; use get_property, "
			% method + "set_property or call_method on the member itself.")
	if blocked != null:
		return blocked
	if not node.has_method(method):
		return CommandError.invalid_args("%s (%s) has no method '%s'." % [
			node.get_path(), node.get_class(), method])
	var converted: Variant = _convert_call_args(node, method, args.args)
	if converted is CommandError:
		return converted
	var errors_before: int = _bridge.engine_errors()[0]
	var result: Variant = await node.callv(method, converted)
	var refused := _engine_refused(errors_before, "%s()" % method)
	if refused != null:
		return refused
	return {"result": Codec.to_wire(result)}


## The node a command that changes or calls members names, unless it is the bridge itself (or
## inside it): its session folder, parent pid and switches are not a client's to change.
func _reachable_node(args: Dictionary) -> Variant:
	var node: Variant = _locator.find(args)
	if node is Node and (node == _bridge or _bridge.is_ancestor_of(node)):
		return CommandError.invalid_args("%s is the bridge itself, which is off-limits."
			% node.get_path())
	return node


## Refuses members that are not the game's public face: `_`-prefixed ones, anywhere in a
## property path (unless the project setting allows them), and scripts' source code, by any
## path to it.
static func member_problem(where: String, member: String, writes: bool) -> CommandError:
	var parts := member.split(":")
	if "source_code" in parts or (parts[0] == "script" and parts.size() > 1) \
			or (writes and parts[0] == "script"):
		return CommandError.invalid_args("Scripts are off-limits: %s of %s cannot be %s." % [
			member, where, "changed" if writes else "read"])
	var private := false
	for part: String in parts:
		private = private or part.begins_with("_")
	if private and not ProjectSettings.get_setting(PRIVATE_SETTING, false):
		return CommandError.invalid_args("%s is private to %s (it starts with _); a game can "
			% [member, where] + "open private members with the project setting %s."
			% PRIVATE_SETTING)
	return null


## INTERNAL when the engine logged an error since `errors_before` (the call did not happen
## as asked: a locked object, a failed assignment, a script error inside the method).
func _engine_refused(errors_before: int, what: String) -> CommandError:
	var errors: Array = _bridge.engine_errors()
	if errors[0] == errors_before:
		return null
	return CommandError.internal("The engine reported an error during %s: %s" % [
		what, errors[1]])


func _convert_call_args(node: Object, method: String, values: Array) -> Variant:
	var info := _method_info(node, method)
	if info.is_empty():
		return Codec.normalize_numbers(values)
	var params: Array = info.args
	var required := params.size() - (info.default_args as Array).size()
	var is_vararg: bool = info.flags & METHOD_FLAG_VARARG
	if values.size() < required or (values.size() > params.size() and not is_vararg):
		return CommandError.invalid_args("%s() takes %s arguments (%s), got %d." % [
			method, required if required == params.size() else "%d to %d" % [
				required, params.size()], _param_list(params), values.size()])
	var converted: Array = []
	for i in values.size():
		if i >= params.size():
			converted.append(Codec.normalize_numbers(values[i]))
			continue
		var param: Dictionary = params[i]
		var result := Codec.from_wire(values[i], param.type, param.hint, param.hint_string)
		if not result.ok:
			return CommandError.invalid_args("%s(): argument '%s' must be %s, got %s." % [
				method, param.name, result.error, JSON.stringify(values[i])])
		converted.append(result.value)
	return converted


static func _param_list(params: Array) -> String:
	var parts: Array = []
	for param: Dictionary in params:
		parts.append("%s: %s" % [param.name, type_string(param.type)])
	return ", ".join(parts)


func _get_signals(args: Dictionary) -> Variant:
	var node: Variant = _locator.find(args)
	if node is CommandError:
		return node
	var signals: Array = []
	for info: Dictionary in node.get_signal_list():
		var arg_names: Array = []
		for arg: Dictionary in info.args:
			arg_names.append(arg.name)
		var connections: Array = []
		for connection: Dictionary in node.get_signal_connection_list(info.name):
			var callable: Callable = connection.callable
			var target: Object = callable.get_object()
			if target == null or not target is Node:
				continue  # the bridge's own recorders and lambdas without a node
			connections.append({"target": str((target as Node).get_path()),
				"method": String(callable.get_method())})
		signals.append({"name": info.name, "args": arg_names, "connections": connections})
	return {"signals": signals}


static func _property_info(node: Object, property: String) -> Dictionary:
	var base := property.get_slice(":", 0)
	for info: Dictionary in node.get_property_list():
		if info.name == base:
			return info
	return {}


## Whether the object has the property (sub-paths: the part before the first ':'), without
## get_property_list (200 us on a Window); `in` is also true for methods and signals.
static func _has_property(node: Object, property: String) -> bool:
	var base := property.get_slice(":", 0)
	return base in node and not node.has_method(base) and not node.has_signal(base)


static func _method_info(node: Object, method: String) -> Dictionary:
	for info: Dictionary in node.get_method_list():
		if info.name == method:
			return info
	return {}


static func _no_property(node: Node, property: String) -> CommandError:
	return CommandError.invalid_args("%s (%s) has no property '%s'." % [
		node.get_path(), node.get_class(), property])
