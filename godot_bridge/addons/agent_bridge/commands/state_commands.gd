extends RefCounted
## The game's state: what the game itself reports (get_state, from its register_state
## callable) and a hash of it all (digest: transforms, visibility, velocities, script
## variables), to compare two runs frame by frame.

const Codec := preload("../value_codec.gd")
const CommandError := preload("../command_error.gd")
const Services := preload("../services.gd")
const StateDigest := preload("../state_digest.gd")

var _bridge: Services.Bridge
var _clock: Services.Clock
var _digest: StateDigest


func _init(services: Services) -> void:
	_bridge = services.bridge
	_clock = services.clock
	_digest = StateDigest.new(_bridge)


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("get_state", _get_state, {},
		"The game's own state, as its register_state callable reports it.", "bridge")
	dispatcher.register("digest", _take_digest, {
		"root": {"type": "string", "default": "/root",
			"description": "a node path: hash only this subtree"},
		"nodes": {"type": "boolean", "default": false,
			"description": "also answer each node's own hash (by_node)"},
		"state": {"type": "boolean", "default": false,
			"description": "also answer what was hashed of each node, field by field (state)"},
	}, "A hash of the game's state (transforms, visibility, velocities, script variables) "
		+ "to compare two runs frame by frame.", "bridge")


func _get_state(_args: Dictionary) -> Variant:
	if not _bridge.state_provider.is_valid():
		return CommandError.unsupported(
			"The game registered no state (AgentBridge.register_state).")
	return Codec.to_wire(_bridge.state_provider.call())


func _take_digest(args: Dictionary) -> Variant:
	var root: Node = _bridge.get_tree().root.get_node_or_null(NodePath(args.root)) \
		if (args.root as String).begins_with("/root") else null
	if root == null:
		return CommandError.not_found("No node at %s (root is an absolute path, /root/...)."
			% args.root)
	var result := _digest.take(root, args.nodes, args.state)
	result["frame"] = _clock.frame
	result["root"] = str(root.get_path())
	return result
