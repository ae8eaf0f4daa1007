extends RefCounted
## reset_game: the game as it was launched, from the same warm engine (game_reset.gd), answered
## at its frame 0 with the event queue emptied; the events the fresh game sends while it
## starts come with the answer, as they would with a new launch's first answer.

const CommandError := preload("../command_error.gd")
const GameReset := preload("../game_reset.gd")
const SceneCommands := preload("scene_commands.gd")
const Services := preload("../services.gd")

var _clock: Services.Clock
var _settled: Services.SettledCheck
var _game_reset: GameReset


func _init(services: Services) -> void:
	_clock = services.clock
	_settled = services.settled
	_game_reset = GameReset.new(services)


func register_into(dispatcher: Services.Dispatcher) -> void:
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
	var path: Variant = SceneCommands.scene_file(scene)
	if path is RefCounted:
		return path
	var done: Dictionary = await _game_reset.reset(path)
	_settled.scene_change_pending = false
	done["frame"] = _clock.frame
	return done
