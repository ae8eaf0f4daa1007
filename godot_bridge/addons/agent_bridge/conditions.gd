extends RefCounted
## The conditions a held game can be advanced until (step_until, wait): an event arrives, a
## node is there or gone, a property compares true to a value, a shown text appears. Each is
## checked once per frame, so a state that lasts one frame is seen.

const Codec := preload("value_codec.gd")
const CommandError := preload("command_error.gd")
const MemberCommands := preload("commands/member_commands.gd")
const Roles := preload("snapshot_roles.gd")
const Services := preload("services.gd")
const COMPARISONS := ["==", "!=", "<", "<=", ">", ">="]


## The arguments naming a condition (step_until, wait), merged into `extra`.
static func schema(extra: Dictionary) -> Dictionary:
	var merged := {
		"event": {"type": "string", "optional": true,
			"description": "an event of this type arrives"},
		"after": {"type": "integer", "optional": true, "minimum": 0,
			"description": "with event: only an event whose seq is larger counts"},
		"node": {"type": "string", "optional": true,
			"description": "a node path: it is there (or gone, with present: false)"},
		"present": {"type": "boolean", "default": true},
		"property": {"type": "string", "optional": true,
			"description": "with node: this property compares true to value"},
		"op": {"type": "string", "default": "==", "enum": COMPARISONS},
		"value": {"type": "any", "optional": true},
		"text": {"type": "string", "optional": true,
			"description": "a shown label, button or 3D label holds this text"},
	}
	merged.merge(extra)
	return merged


## The condition named by `args` (see schema), as a Callable returning bool (or a
## CommandError when the property to compare cannot be compared), or a CommandError for
## unusable arguments. An event counts when it came after `after` (default: now).
static func check(services: Services, args: Dictionary) -> Variant:
	var given := ["event", "node", "text"].filter(func(k: String) -> bool: return args.has(k))
	if given.size() != 1:
		return CommandError.invalid_args("Name exactly one condition: event, node (with "
			+ "present, or property, op and value) or text.")
	if args.has("event"):
		var events := services.events
		var since: int = args.get("after", events.last_seq_of(args.event))
		return func() -> bool: return events.last_seq_of(args.event) > since
	var root := services.bridge.get_tree().root
	if args.has("text"):
		return func() -> bool: return _shows_text(root, args.text)
	if not (args.node as String).begins_with("/root"):
		return CommandError.invalid_args("node is an absolute path starting with /root.")
	if not args.has("property"):
		return func() -> bool: return ((root.get_node_or_null(NodePath(args.node)) != null)
			== args.present)
	if not args.has("value"):
		return CommandError.invalid_args("Comparing a property needs a value.")
	var refused := MemberCommands.member_problem(args.node, args.property, false)
	if refused != null:
		return refused
	return func() -> Variant: return _compare(root, args.node, args.property, args.op,
		args.value)


static func _compare(root: Node, path: String, property: String, op: String,
		wanted: Variant) -> Variant:
	var node := root.get_node_or_null(NodePath(path))
	if node == null:
		return false
	var now: Variant = Codec.to_wire(node.get_indexed(NodePath(property)))
	match op:
		"==":
			return typeof(now) == typeof(wanted) and now == wanted \
				or _numbers(now, wanted) and float(now) == float(wanted)
		"!=":
			return not (typeof(now) == typeof(wanted) and now == wanted \
				or _numbers(now, wanted) and float(now) == float(wanted))
	if not _numbers(now, wanted):
		return CommandError.invalid_args("%s.%s is %s; %s compares numbers only." % [path,
			property, JSON.stringify(now), op])
	match op:
		"<":
			return float(now) < float(wanted)
		"<=":
			return float(now) <= float(wanted)
		">":
			return float(now) > float(wanted)
	return float(now) >= float(wanted)


static func _numbers(a: Variant, b: Variant) -> bool:
	return (a is int or a is float) and (b is int or b is float)


## Whether a shown node below `node` has `text` in what it shows.
static func _shows_text(node: Node, text: String) -> bool:
	if not Roles.is_shown(node):
		return false
	if Roles.visible_text(node).contains(text):
		return true
	for child: Node in node.get_children():
		if _shows_text(child, text):
			return true
	return false
