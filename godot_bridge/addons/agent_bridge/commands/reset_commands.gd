extends RefCounted
## reset_game: the game as it was launched, from the same warm engine (game_reset.gd), answered
## at its frame 0 with the event queue emptied; the events the fresh game sends while it
## starts come with the answer, as they would with a new launch's first answer.

const CommandError := preload("../command_error.gd")
const FlowCommands := preload("flow_commands.gd")

var _bridge: Node
var _game_reset: RefCounted


func _init(bridge: Node, game_reset: RefCounted) -> void:
	_bridge = bridge
	_game_reset = game_reset


func register_into(dispatcher: RefCounted) -> void:
	# Not plain "reset": games register that name for their own (a level's reset, say).
	dispatcher.register("reset_game", _reset, {
		"scene": {"type": "string", "optional": true,
			"description": "a res:// (or uid://) scene to start on (default: the project's "
				+ "main scene)"},
	}, "Put the game back as it was launched (autoloads, statics, settings, input map, "
		+ "the scene, input, time and seed) without relaunching it.", "bridge")


func _reset(args: Dictionary) -> Variant:
	var scene: String = args.get("scene",
		ProjectSettings.get_setting("application/run/main_scene", ""))
	if scene == "":
		return CommandError.invalid_args("The project has no main scene: name one (scene).")
	var path: Variant = FlowCommands.scene_file(scene)
	if path is RefCounted:
		return path
	var done: Dictionary = await _game_reset.reset(path)
	_bridge.settled.scene_change_pending = false
	done["frame"] = _bridge.clock.frame
	return done
