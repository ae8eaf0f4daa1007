extends Logger
## Collects the engine's errors (script errors, push_error) as they happen, from any thread, so
## a command whose handler hit a script error answers INTERNAL with the engine's own message,
## and every error also reaches the client as an `engine_error` event, with the script stack
## that led to it.
##
## The engine hands a logger the script backtraces of the thread that logged (Godot 4.5+).
## Debug builds (the editor, debug exports) always track GDScript call stacks; a release
## export does only with the project setting debug/settings/gdscript/always_track_call_stacks,
## and otherwise the stack is empty.

var _mutex := Mutex.new()
var _errors: Array[Dictionary] = []
## Errors logged since start; lets a command tell whether the engine complained during it.
var total: int = 0
var last_message: String = ""
var _own_folder: String  # the addon's folder, "res://addons/agent_bridge/"


func _init() -> void:
	_own_folder = (get_script() as Script).resource_path.get_base_dir() + "/"


func _log_error(function: String, file: String, line: int, code: String, rationale: String,
		_editor_notify: bool, error_type: int, script_backtraces: Array[ScriptBacktrace]) -> void:
	var kind: String = ["error", "warning", "script_error", "shader_error"][clampi(error_type, 0, 3)]
	if kind == "warning":
		return
	var message := rationale if rationale != "" else code
	var stack := _game_frames(stack_of(script_backtraces))
	_mutex.lock()
	_errors.append({"kind": kind, "message": message, "where": "%s:%d (%s)" % [
		file, line, function], "stack": stack})
	total += 1
	last_message = message
	_mutex.unlock()


## The frames of the scripts' backtraces, innermost first: {"file", "line", "function"} each
## (and "language" when not GDScript). Empty when no script was running.
static func stack_of(backtraces: Array[ScriptBacktrace]) -> Array[Dictionary]:
	var frames: Array[Dictionary] = []
	for backtrace: ScriptBacktrace in backtraces:
		if backtrace == null:
			continue
		var language := backtrace.get_language_name()
		for index: int in backtrace.get_frame_count():
			var frame := {"file": backtrace.get_frame_file(index),
				"line": backtrace.get_frame_line(index),
				"function": backtrace.get_frame_function(index)}
			if language != "GDScript":
				frame["language"] = language
			frames.append(frame)
	return frames


## The stack without the bridge's frames that called into the game (a registered command's
## handler, a signal the bridge emitted): they are the same for every such error. An error
## inside the bridge itself keeps them all.
func _game_frames(frames: Array[Dictionary]) -> Array[Dictionary]:
	if frames.is_empty() or (frames[0].file as String).begins_with(_own_folder):
		return frames
	var kept := frames.duplicate()
	while (kept.back().file as String).begins_with(_own_folder):
		kept.pop_back()
	return kept


## Errors logged since the last call.
func take() -> Array[Dictionary]:
	_mutex.lock()
	var taken := _errors
	_errors = []
	_mutex.unlock()
	return taken
