extends Node
## AgentBridge: a DOM for the running game. Autoloaded as `AgentBridge`; inactive (no files,
## no hooks, no cost) unless the game was started with `-- --agent-mode --agent-dir=DIR`.
## Then it answers the requests a client appends to DIR/cmd.jsonl in DIR/resp.jsonl, as
## docs/PROTOCOL.md describes. Every request runs on its own, so a long wait never holds up the
## answers to other requests. Game time belongs to the client (clock.gd): in lockstep, the
## default, the game is held at the start of a frame while no request needs frames, and the
## bridge answers from its own loop meanwhile.
##
## Games use: register_command(), register_state(), fail(), emit_event(),
## add_settle_predicate() and the `agent_mode` flag.
##
## This script loads the rest of the addon only when it activates, so a release export can
## leave every other file of the addon out (export_plugin.gd) and still start.

const PROTOCOL := "agentbridge/1"
## The oldest engine the addon runs on (it uses Logger and variadic functions, both from 4.5).
const MIN_ENGINE := [4, 5]
## Release exports stay inert unless this project setting is true.
const RELEASE_SETTING := "agent_bridge/enable_in_release"
const PARENT_CHECK_MSEC := 1000
## Engine settings a test may change that the project file does not hold (reset_game).
const LAUNCH_ENGINE_PROPERTIES := ["time_scale", "physics_ticks_per_second",
	"max_physics_steps_per_frame", "physics_jitter_fix"]
## How often a game running in real time looks at the command file between frames.
const REAL_TIME_POLL_USEC := 1000
## The bridge's commands: each module and the commands it serves. A module is a script made
## with the session's services (`_init(services: Services)`, services.gd) that registers its
## commands (`register_into(dispatcher)`); a new one is one row here. A module is compiled when
## one of its commands is first called: compiling all of them would add about 0.1 s to every
## launch, and a session seldom calls them all.
const COMMAND_MODULES := {
	"commands/session_commands.gd": ["hello", "cancel", "quit"],
	"commands/event_commands.gd": ["get_events"],
	"commands/tree_commands.gd": ["get_tree", "get_node"],
	"commands/member_commands.gd": ["get_property", "set_property", "call_method",
		"get_signals"],
	"commands/state_commands.gd": ["get_state", "digest"],
	"commands/setting_commands.gd": ["get_setting"],
	"commands/view_commands.gd": ["snapshot", "screenshot"],
	"commands/time_commands.gd": ["set_time_scale", "pause", "resume", "step", "step_until",
		"wait"],
	"commands/timeline_commands.gd": ["hold", "input_sequence"],
	"commands/scene_commands.gd": ["change_scene"],
	"commands/reset_commands.gd": ["reset_game"],
	"commands/action_commands.gd": ["list_actions", "press", "fill"],
	"commands/input_commands.gd": ["click", "hover", "drag", "input"],
	"commands/choice_commands.gd": ["select", "set_value"],
	"commands/metrics_commands.gd": ["metrics", "measure", "measure_start", "measure_stop"],
	"commands/world_commands.gd": ["nearby", "raycast"],
	"commands/replay_commands.gd": ["record_start", "record_stop", "replay"],
	"commands/coverage_commands.gd": ["coverage"],
}
const REPLAY_MODULE := "commands/replay_commands.gd"

## The start of every frame, once the requests waiting for it went on and animations were
## finished, before new requests start: where a recording takes its digests and a replay plays
## the frame's inputs (replay_recorder.gd, replayer.gd).
signal frame_started(frame: int)
## A request is about to run (validated: {"id", "cmd", "args"}): what a recording writes.
signal request_started(request: Dictionary)

## True only when the game was launched for an agent.
var agent_mode: bool = false
var session_dir: String = ""
## Where the game's user:// folder is and whether it is the launch's own (user_data.gd):
## hello and bridge.json report it.
var user_data: Dictionary = {}
var state_provider: Callable

var _scripts: Dictionary = {}
## What the command modules are made with (services.gd); the bridge's own loop keeps the
## parts it uses at hand: game time (clock.gd), the event queue, the dispatcher, the
## animation skip.
var _services: RefCounted
var _clock: RefCounted
var _events: RefCounted
var _dispatcher: RefCounted
var _animations: RefCounted
var _command_modules: Array[RefCounted] = []
## What reset_game puts back, as the game started with it (game_reset.gd, compiled only when
## a reset is first asked for): project settings, engine settings, servers' state.
var _launch: Dictionary = {}
var _error_log: Object  # a Logger (4.5+), not named here so this script parses on older engines
var _channel: RefCounted
var _in_flight: Dictionary = {}  # request id -> {"cancelled": bool}
var _quit_code: int = -1
var _parent_pid: int = 0
var _next_parent_check_msec: int = 0
var _announced: bool = false  # the ready file is written (at frame 0)
var _coverage: RefCounted  # the game's scripts counting their lines (coverage.gd), when asked


## Autoloads are made in order before the main scene is, and the bridge is the first one
## (`agent-bridge install` puts it there): what happens here comes before the game's first
## line of code. The same seed gives the same random numbers; the settings a reset puts back
## are the project's own; the game's errors from then on, those its main scene logs while it
## loads included, become events; and the game finds the user:// its launch gave it. With
## coverage, the game's scripts are swapped for their counting copies first, so the random
## numbers their static initializers draw come before the seed, as no game draws them.
func _init() -> void:
	var options := _parse_user_args(OS.get_cmdline_user_args())
	if not _will_activate(options):
		return
	if options.coverage != "":
		_coverage = _script("coverage.gd").new(options.coverage)
		_coverage.instrument()
	seed(options.seed)
	var settings := {}
	for property: Dictionary in ProjectSettings.get_property_list():
		if ProjectSettings.has_setting(property.name):
			settings[property.name] = ProjectSettings.get_setting(property.name)
	var engine := {}
	for property: String in LAUNCH_ENGINE_PROPERTIES:
		engine[property] = Engine.get(property)
	_launch = {"settings": settings, "engine": engine, "services": {
		"mouse_mode": Input.mouse_mode, "playback_speed_scale": AudioServer.playback_speed_scale}}
	_error_log = _script("error_log.gd").new()
	OS.call("add_logger", _error_log)  # called by name: older engines lack it (see MIN_ENGINE)
	user_data = _script("user_data.gd").start(options.dir, options.user_dir)
	var misplaced: String = _script("user_data.gd").problem(user_data)
	if misplaced != "":
		push_error(misplaced)  # an engine_error event with the first answer, too


func _ready() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	set_process(false)  # the bridge works from the frame hook (_on_frame), when active
	var options := _parse_user_args(OS.get_cmdline_user_args())
	if not options.agent_mode or not _allowed_in_this_build():
		return
	var too_old := engine_too_old(Engine.get_version_info())
	if too_old != "":
		push_warning(too_old)
		return
	if options.dir == "":
		push_error("AgentBridge: --agent-mode needs --agent-dir=DIR; the bridge stays off.")
		return
	for problem: String in options.problems:
		push_error("AgentBridge: %s" % problem)
	_parent_pid = options.parent_pid
	_activate(options)


# --- public API for games ----------------------------------------------------------------------

## Adds a command agents can call. `args_schema` maps argument names to
## {"type": "integer"|"number"|"string"|"boolean"|"array"|"object", "description", "items",
## "optional"}; `handler` receives the validated args Dictionary and returns the response data
## or fail(...). Registering a name again replaces it.
func register_command(command_name: String, handler: Callable, args_schema: Dictionary = {},
		description: String = "") -> void:
	if _dispatcher == null:
		return
	var existing: Dictionary = _dispatcher.commands.get(command_name, {})
	if existing.get("source", "game") == "bridge":
		push_error("AgentBridge: '%s' is a bridge command and cannot be replaced." % command_name)
		return
	_dispatcher.register(command_name, handler, args_schema, description, "game")


## `handler()` returns a Dictionary describing the game's state, served by `get_state`.
func register_state(handler: Callable) -> void:
	state_provider = handler


## An error result for a command handler: `return AgentBridge.fail("NOT_FOUND", "...")`.
## `code` is one of the protocol's codes (command_error.gd CODES); any other becomes INTERNAL.
func fail(code: String, message: String) -> RefCounted:
	var command_error: GDScript = _script("command_error.gd")
	if not (command_error.CODES as Array).has(code):
		push_error("AgentBridge.fail: '%s' is not a protocol error code." % code)
		return command_error.internal("%s (the game failed with the unknown code %s)" % [
			message, code])
	return command_error.new(code, message)


## Queues a custom event, as if a signal `type` had fired on `source`.
func emit_event(type: String, args: Array = [], source: Node = null) -> void:
	if _events != null:
		_events.push(type, str(source.get_path()) if source != null else "/root", args)


## `predicate()` returns false while the game is still busy (used by wait settled).
func add_settle_predicate(predicate: Callable) -> void:
	if _services != null:
		_services.settled.add_settle_predicate(predicate)


# --- used by the command modules ---------------------------------------------------------------

## What `hello` answers; the commands' descriptions and schemas only when asked for.
func describe(schemas: bool = false) -> Dictionary:
	if schemas:
		_dispatcher.load_all()
	return {"protocol": PROTOCOL, "engine": "godot", "engine_version": _engine_version(),
		"game": ProjectSettings.get_setting("application/config/name", ""),
		"agent_mode": agent_mode, "frame": _clock.frame, "time": _clock.describe(),
		"user_data": user_data, "commands": _dispatcher.describe_commands(schemas)}


## How many engine errors were logged so far, and the newest one's message: a command that
## calls into the engine compares the count before and after.
func engine_errors() -> Array:
	return [_error_log.total, _error_log.last_message]


func request_quit(exit_code: int) -> void:
	_quit_code = exit_code


## Cancels a request still running: it is answered CANCELLED now, and its own answer, when it
## comes, is dropped. Returns false when no request with that id is running.
func cancel(request_id: Variant) -> bool:
	var token: Variant = _in_flight.get(request_id)
	if token == null or token.cancelled:
		return false
	token.cancelled = true
	_send(_dispatcher.failure(request_id, _script("command_error.gd").CANCELLED,
		"Cancelled by a cancel request."))
	return true


# --- activation and the frame loop -------------------------------------------------------------

## The bridge's arguments (after the engine's `--`). A malformed time option keeps its
## default and is named in `problems`, which the engine log shows.
static func _parse_user_args(args: PackedStringArray) -> Dictionary:
	var options := {"agent_mode": false, "dir": "", "user_dir": "", "parent_pid": 0,
		"time": "lockstep", "fps": 60, "seed": 0, "record": false, "coverage": "",
		"problems": []}
	for arg: String in args:
		var value := arg.substr(arg.find("=") + 1) if arg.contains("=") else ""
		if arg == "--agent-mode":
			options.agent_mode = true
		elif arg == "--agent-record":
			options.record = true
		elif arg.begins_with("--agent-dir="):
			options.dir = value
		elif arg.begins_with("--agent-user-dir="):
			options.user_dir = value
		elif arg.begins_with("--agent-coverage="):
			options.coverage = value
		elif arg.begins_with("--agent-parent-pid="):
			options.parent_pid = int(value)
		elif arg.begins_with("--agent-time="):
			if value in ["lockstep", "realtime"]:
				options.time = value
			else:
				options.problems.append("--agent-time is lockstep or realtime, not '%s'." % value)
		elif arg.begins_with("--agent-fps="):
			if value.is_valid_int() and int(value) >= 1 and int(value) <= 1000:
				options.fps = int(value)
			else:
				options.problems.append("--agent-fps is a whole number from 1 to 1000.")
		elif arg.begins_with("--agent-seed="):
			if value.is_valid_int():
				options.seed = int(value)
			else:
				options.problems.append("--agent-seed is a whole number.")
	return options


## A sentence when an engine of this version (Engine.get_version_info()) is older than the
## addon supports, else "".
static func engine_too_old(version: Dictionary) -> String:
	if version.major > MIN_ENGINE[0] or (version.major == MIN_ENGINE[0]
			and version.minor >= MIN_ENGINE[1]):
		return ""
	return "AgentBridge needs Godot %d.%d or newer; this is %s, so the bridge stays off." % [
		MIN_ENGINE[0], MIN_ENGINE[1], version.string]


## Whether a bridge started with these options turns on (as _ready decides, quietly).
static func _will_activate(options: Dictionary) -> bool:
	return options.agent_mode and _allowed_in_this_build() and options.dir != "" \
		and engine_too_old(Engine.get_version_info()) == ""


static func _allowed_in_this_build() -> bool:
	return OS.is_debug_build() or ProjectSettings.get_setting(RELEASE_SETTING, false)


## One of the addon's scripts, loaded on first use (see the class comment).
func _script(file: String) -> GDScript:
	if not _scripts.has(file):
		_scripts[file] = load((get_script() as Script).resource_path.get_base_dir().path_join(
			file))
	return _scripts[file]


func _activate(options: Dictionary) -> void:
	session_dir = options.dir
	_channel = _script("file_channel.gd").new(session_dir)
	var error: String = _channel.open()
	if error != "":
		push_error("AgentBridge: %s; the bridge stays off." % error)
		OS.call("remove_logger", _error_log)
		return
	agent_mode = true
	var root := get_tree().root
	_size_headless_window(root)
	_script("value_codec.gd").tree_root = root
	_services = _script("services.gd").new(self, options, _launch)
	_services.coverage = _coverage
	_clock = _services.clock
	_events = _services.events
	_dispatcher = _services.dispatcher
	_animations = _services.animations
	for file: String in COMMAND_MODULES:
		_dispatcher.defer(COMMAND_MODULES[file], file)
	_dispatcher.module_loader = _load_module
	# The first frame's hook is connected before anything else can connect to the signal:
	# it runs before the game's own process_frame handlers.
	get_tree().process_frame.connect(_on_frame)
	OS.low_processor_usage_mode_sleep_usec = 0  # frames never sleep: the clock paces them
	if options.record:  # from frame 0, before a realtime game's first frame runs
		_load_module(REPLAY_MODULE)
		_command_modules.back().record_at_launch()


## The ready file, written at frame 0: a game that quits or crashes in its first frame is
## never taken for a ready one.
func _announce() -> void:
	_announced = true
	_channel.write_ready_file({"protocol": PROTOCOL, "engine": "godot",
		"engine_version": _engine_version(), "pid": OS.get_process_id(),
		"game": ProjectSettings.get_setting("application/config/name", ""),
		"frame": _clock.frame, "time": _clock.describe(), "user_data": user_data})


## Compiles a command module, on the first call of one of its commands, and registers it.
func _load_module(file: String) -> void:
	var module: RefCounted = _script(file).new(_services)
	module.register_into(_dispatcher)
	_command_modules.append(module)
	# Commands the module did not register are unknown from now on, not loaded again.
	for command_name: String in _dispatcher.deferred_to(file):
		push_error("AgentBridge: %s does not register '%s'." % [file, command_name])
		_dispatcher.commands.erase(command_name)


## A headless window is 64x64 pixels, which squeezes every anchored layout; give it the size
## the project asks for, so positions and hit tests match what a player would see.
static func _size_headless_window(root: Window) -> void:
	if DisplayServer.get_name() != "headless":
		return
	root.size = Vector2i(ProjectSettings.get_setting("display/window/size/viewport_width", 1152),
		ProjectSettings.get_setting("display/window/size/viewport_height", 648))


## The start of every frame, before any node processes it: requests waiting for a frame go
## on, new requests start, and while the game is held and nothing needs a frame, the engine
## stays here answering requests (at frame 0 too: the game waits for its first request).
func _on_frame() -> void:
	if not _clock.begin_frame(get_process_delta_time()):
		return  # the game's first frame, run as the engine runs it (clock.gd)
	if not _announced:
		_announce()
	_animations.finish()
	frame_started.emit(_clock.frame)
	_pump()
	_record_engine_errors()
	_check_parent()
	while _clock.should_hold() and _quit_code < 0:
		OS.delay_usec(_clock.hold_sleep_usec())
		_pump()
		_record_engine_errors()
		_check_parent()
	# A game running by itself (realtime, or resumed) keeps fps frames a wall second.
	var wait: int = _clock.usec_until_due()
	while wait > 0 and _quit_code < 0:
		OS.delay_usec(mini(wait, REAL_TIME_POLL_USEC))
		_pump()
		wait = _clock.usec_until_due()


## Starts every complete line that arrived, in order; each runs on its own (see _run).
func _pump() -> void:
	var lines: Array[Dictionary] = _channel.read_lines()
	if lines.is_empty():
		return
	_clock.note_activity()
	for line: Dictionary in lines:
		if _quit_code >= 0:
			return
		if line.has("refused"):
			var refused: Dictionary = _dispatcher.failure(line.id, line.refused, line.error)
			refused["head"] = line.head
			_send(refused)
			continue
		if not (line.text as String).strip_edges().is_empty():
			_run(line.text)


## Answers one request line. A command that waits (for frames, for the game to settle)
## suspends only itself: the pump goes on starting the lines after it.
func _run(text: String) -> void:
	_animations.finish()
	var prepared: Dictionary = _dispatcher.prepare(text.strip_edges())
	_record_engine_errors()
	var response: Variant = prepared.get("response")
	if response != null and response.id == null:
		# An unreadable request: name the line, so its writer knows the answer is theirs.
		var identity: Dictionary = _script("file_channel.gd").identify(text.to_utf8_buffer())
		response.id = identity.id
		response["head"] = identity.head
	if response == null:
		var request: Dictionary = prepared.request
		var token := {"cancelled": false}
		_in_flight[request.id] = token
		var start_frame := Engine.get_process_frames()  # a reset sets the clock's count back
		request_started.emit(request)
		response = await _dispatcher.run(request, token)
		if _in_flight.get(request.id) == token:
			_in_flight.erase(request.id)
		if token.cancelled:
			return  # answered already, by cancel()
		response = _checked_response(response, request,
			Engine.get_process_frames() == start_frame)
	_animations.finish()
	_send(response)
	_clock.note_activity()
	if _quit_code >= 0:
		get_tree().quit(_quit_code)


## A script error while a command ran (within one frame, so it is the command's own) makes
## its answer INTERNAL with the engine's message: the data it returned cannot be trusted.
func _checked_response(response: Variant, request: Dictionary, same_frame: bool) -> Dictionary:
	var script_errors: Array[Dictionary] = []
	for error: Dictionary in _record_engine_errors():
		if error.kind == "script_error":
			script_errors.append(error)
	var failed: bool = not (response is Dictionary and response.has("ok"))
	if not failed and (script_errors.is_empty() or not same_frame):
		return response
	var detail: String = script_errors.back().message if not script_errors.is_empty() \
		else "no message"
	return _dispatcher.failure(request.id, _script("command_error.gd").INTERNAL,
		"The '%s' handler stopped with a script error: %s." % [request.cmd, detail])


## Engine errors since the last look become `engine_error` events; returns them.
func _record_engine_errors() -> Array[Dictionary]:
	var errors: Array[Dictionary] = _error_log.take()
	for error: Dictionary in errors:
		_events.push("engine_error", "/root", [error.kind, error.message, error.where,
			error.stack])
	return errors


func _send(response: Dictionary) -> void:
	_record_engine_errors()
	var queued: Dictionary = _events.drain()
	response["events"] = queued.events
	response["frame"] = _clock.frame
	if queued.dropped > 0:
		response["dropped_events"] = queued.dropped
	var line := JSON.stringify(response, "", false)
	# The encoder writes an infinite float as 1e99999, which no JSON reader accepts: such an
	# answer goes out again with every value through the codec (non-finite numbers as text).
	if line.contains("e99999"):
		line = JSON.stringify(_script("value_codec.gd").to_wire(response), "", false)
	if not _channel.write_line(line):
		_record_engine_errors()  # the failed write is an engine error for the next answer


## The game is ending: nothing of the bridge outlives the engine. A request still waiting
## (for a frame, for the game to settle) is a chain of coroutines that hold each other and
## their objects, which the engine would report leaked: each is cancelled (unanswered: the
## client sees the game exit) and let run to its end.
func _exit_tree() -> void:
	for token: Dictionary in _in_flight.values():
		token.cancelled = true
	if _clock != null:
		_clock.finish_waits()
	if _coverage != null:
		_coverage.write()  # after the game's own nodes left the tree: their exits counted
	if _error_log != null:
		OS.call("remove_logger", _error_log)


## A game started by a client that died would run forever; it quits instead.
func _check_parent() -> void:
	if _parent_pid <= 0 or Time.get_ticks_msec() < _next_parent_check_msec:
		return
	_next_parent_check_msec = Time.get_ticks_msec() + PARENT_CHECK_MSEC
	if not _is_pid_alive(_parent_pid):
		_quit_code = 0  # also ends a hold
		get_tree().quit(0)


## OS.is_process_running only knows the engine's own children on Unix, so ask the system.
## A zombie (dead, not yet reaped by its own parent) counts as gone.
static func _is_pid_alive(pid: int) -> bool:
	match OS.get_name():
		"Windows":
			return OS.is_process_running(pid)
		"Linux":
			# /proc files report no length: read the line, not the file.
			var stat_path := "/proc/%d/stat" % pid
			var file := FileAccess.open(stat_path, FileAccess.READ) \
				if FileAccess.file_exists(stat_path) else null
			var stat := file.get_line() if file != null else ""
			if stat == "":
				return false
			var state := stat.substr(stat.rfind(")") + 2, 1)
			return state != "Z" and state != "X"
	return OS.execute("kill", ["-0", str(pid)]) == 0


static func _engine_version() -> String:
	return str(Engine.get_version_info().string)
