class_name AgentCommands
extends Node
## Offers the game's actions to an agent through the optional AgentBridge autoload.
##
## The game runs the same without the bridge: when /root/AgentBridge is absent this node does
## nothing. The bridge is only used through its public methods (register_command,
## register_state, fail), looked up at run time.

const BRIDGE_PATH: NodePath = ^"/root/AgentBridge"

var _bridge: Node = null

## The level scene this node serves (its parent).
@onready var scene: LevelScene = get_parent() as LevelScene


func _ready() -> void:
	_bridge = get_node_or_null(BRIDGE_PATH)
	if _bridge == null or scene == null:
		return
	_register()


func _register() -> void:
	_bridge.register_command("swap", _swap, {
		"from": {"type": "integer", "description": "id of the crystal to drag"},
		"to": {"type": "integer", "description": "id of the crystal to drop it onto"},
	}, "Drag one crystal onto another, as a player would. The two crystals trade places and "
		+ "the new arrangement is checked at once.")
	_bridge.register_command("submit_permutation", _submit_permutation, {
		"mapping": {
			"type": "array",
			"items": {"type": "integer"},
			"description": "mapping[i] = id of the crystal to put where crystal i started",
		},
	}, "Arrange all crystals at once and check whether the arrangement is a symmetry. "
		+ "The identity [0, 1, ..., n-1] counts as a symmetry.")
	_bridge.register_command("reset", _reset, {},
		"Put every crystal back where it started.")
	_bridge.register_command("load_level", _load_level, {
		"level_id": {"type": "string", "description": "a level id from list_levels"},
	}, "Leave the current level and load another one.")
	_bridge.register_command("list_levels", _list_levels, {},
		"List every level with its id, title and act.")
	_bridge.register_state(_state)


func _swap(args: Dictionary) -> Variant:
	var from_id: int = _int_arg(args.get("from"))
	var to_id: int = _int_arg(args.get("to"))
	for crystal_id: int in [from_id, to_id]:
		if not scene.has_crystal(crystal_id):
			return _bridge.fail("INVALID_ARGS", "There is no crystal %s in this level; %s." % [
				str(args.get("from") if crystal_id == from_id else args.get("to")),
				_id_range()])
	if from_id == to_id:
		return _bridge.fail("INVALID_ARGS",
				"A crystal cannot be dropped onto itself; choose two different crystals.")
	return scene.swap_crystals(from_id, to_id)


func _submit_permutation(args: Dictionary) -> Variant:
	var raw: Variant = args.get("mapping")
	if not raw is Array:
		return _bridge.fail("INVALID_ARGS", "mapping must be an array of crystal ids.")
	var mapping: Array = []
	for value: Variant in raw:
		var crystal_id: int = _int_arg(value)
		if crystal_id < 0:
			return _bridge.fail("INVALID_ARGS", "mapping must hold crystal ids (whole numbers), "
					+ "but it contains %s." % str(value))
		mapping.append(crystal_id)
	var problem: String = scene.validate_mapping(mapping)
	if not problem.is_empty():
		return _bridge.fail("INVALID_ARGS", problem)
	return scene.submit_permutation(mapping)


func _reset(_args: Dictionary) -> Variant:
	scene.reset_arrangement()
	return {"result": "reset", "arrangement": scene.arrangement.duplicate()}


func _load_level(args: Dictionary) -> Variant:
	var level_id: String = str(args.get("level_id", ""))
	if not scene.load_level(level_id):
		return _bridge.fail("NOT_FOUND",
				"There is no level \"%s\"; list_levels gives the valid ids." % level_id)
	return {
		"result": "loaded",
		"level": scene.level.id,
		"title": scene.level.title,
		"crystal_count": scene.level.crystal_count(),
		"total": scene.keyring.total(),
	}


func _list_levels(_args: Dictionary) -> Variant:
	return {"levels": scene.level_summaries(), "current": scene.level.id}


func _state() -> Dictionary:
	return scene.get_state()


func _id_range() -> String:
	return "crystal ids are 0 to %d" % (scene.level.crystal_count() - 1)


## The whole number in [param value], or -1 when it is not one.
static func _int_arg(value: Variant) -> int:
	if value is int:
		return value
	if value is float and is_equal_approx(value, roundf(value)):
		return int(value)
	return -1
