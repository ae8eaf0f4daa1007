extends RefCounted
## The session itself: what the bridge speaks and serves (hello), stopping a request that is
## still running (cancel), and ending the game (quit).

const CommandError := preload("../command_error.gd")
const Controls := preload("../controls.gd")
const Services := preload("../services.gd")

var _bridge: Services.Bridge


func _init(services: Services) -> void:
	_bridge = services.bridge


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("hello", _hello, {
		"schemas": {"type": "boolean", "default": false,
			"description": "also every command's description and argument schema"},
	}, "Protocol version, engine, game and the commands (with schemas on request).", "bridge")
	dispatcher.register("cancel", _cancel, {
		"id": {"type": "any", "description": "the id of a request still running"},
	}, "Stop a request that is still running (a long wait): it answers CANCELLED at once.",
		"bridge")
	dispatcher.register("quit", _quit, {
		"exit_code": {"type": "integer", "default": 0},
	}, "Quit the game after answering.", "bridge")


## The bridge's description, with the game's controls (its input actions and their bindings).
func _hello(args: Dictionary) -> Variant:
	var described: Dictionary = _bridge.describe(args.schemas)
	described["controls"] = Array(Controls.summaries())
	return described


func _cancel(args: Dictionary) -> Variant:
	var id: Variant = args.id
	if id is float and id == floorf(id):
		id = int(id)
	if not _bridge.cancel(id):
		return CommandError.not_found("No request with id %s is running (it may have been "
			% JSON.stringify(args.id) + "answered already).")
	return {"cancelled": id}


func _quit(args: Dictionary) -> Variant:
	_bridge.request_quit(args.exit_code)
	return {"quitting": true}
