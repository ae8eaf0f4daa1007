extends Node
## A stand-in for the AgentBridge autoload, with the same public methods, used by the tests.

var agent_mode: bool = true
var commands: Dictionary = {}
var state_handler: Callable = Callable()


func register_command(command_name: String, handler: Callable, args_schema: Dictionary = {},
		description: String = "") -> void:
	commands[command_name] = {"handler": handler, "args": args_schema, "description": description}


func register_state(handler: Callable) -> void:
	state_handler = handler


func fail(code: String, message: String) -> Dictionary:
	return {"error": {"code": code, "message": message}}


func run(command_name: String, args: Dictionary = {}) -> Variant:
	return commands[command_name]["handler"].call(args)


## Completes every running Tween at once, as the real bridge does in agent mode.
func finish_animations() -> void:
	for tween: Tween in get_tree().get_processed_tweens():
		if tween.is_valid() and tween.is_running() and tween.get_loops_left() != -1:
			tween.custom_step(1.0e6)
