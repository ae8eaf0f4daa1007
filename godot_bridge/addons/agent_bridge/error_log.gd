extends Logger
## Collects the engine's errors (script errors, push_error) as they happen, from any thread, so
## a command whose handler hit a script error answers INTERNAL with the engine's own message,
## and every error also reaches the client as an `engine_error` event.

var _mutex := Mutex.new()
var _errors: Array[Dictionary] = []
## Errors logged since start; lets a command tell whether the engine complained during it.
var total: int = 0
var last_message: String = ""


func _log_error(function: String, file: String, line: int, code: String, rationale: String,
		_editor_notify: bool, error_type: int, _script_backtraces: Array[ScriptBacktrace]) -> void:
	var kind: String = ["error", "warning", "script_error", "shader_error"][clampi(error_type, 0, 3)]
	if kind == "warning":
		return
	var message := rationale if rationale != "" else code
	_mutex.lock()
	_errors.append({"kind": kind, "message": message, "where": "%s:%d (%s)" % [
		file, line, function]})
	total += 1
	last_message = message
	_mutex.unlock()


## Errors logged since the last call.
func take() -> Array[Dictionary]:
	_mutex.lock()
	var taken := _errors
	_errors = []
	_mutex.unlock()
	return taken
