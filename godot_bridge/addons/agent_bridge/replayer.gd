extends RefCounted
## Plays a replay file into a held game (docs/REPLAY.md). The client sends the file's lines in
## chunks, each ending at a frame; at the start of each frame (the bridge's frame_started, after
## the requests waiting for that frame went on and before new ones start, where the recorder
## wrote them) this plays that frame's lines in their order:
##
## - `check`: compares the game's digest with the recorded one; the first that differs is
##   explained by the field hashes: the first node (in tree order) whose fields differ, and
##   the first of its fields that does;
## - `request`: runs the bridge request again (refs made anew from the recorded paths);
## - `input`: parses the recorded event (Input.parse_input_event), so it reaches the game with
##   the next input flush: after this frame's processing, before the next frame's physics,
##   where a person's event arrived when it was recorded;
## - `cancel`: cancels a replayed request; `window`: focus and size changes, after the
##   frame's processing (call_deferred), as near as a script gets to where the engine made them
##   (one marked `early` came before the recording's first frame: it is applied at once, so the
##   first checkpoint, taken after it when recording, is compared after it again);
## - `end`: the final digest.
## A frame whose lines have not come yet waits for the next chunk, which plays it first.

const EventCodec := preload("event_codec.gd")
const Services := preload("services.gd")
const StateDigest := preload("state_digest.gd")

var check: bool = false
var checks: int = 0
var mismatches: int = 0
var inputs: int = 0
var requests: int = 0
## The first checkpoint that differed, explained; empty while none did.
var divergence: Dictionary = {}
## Replayed requests that failed: [{"n", "frame", "cmd", "code", "error"}].
var failures: Array = []
## The end line's comparison once played: {"frame", "recorded", "replayed", "same"}.
var ended: Dictionary = {}
## True once a check stopped the replay (check mode) or the end was played.
var stopped: bool = false

var _services: Services
var _bridge: Services.Bridge
var _digest: StateDigest
var _by_frame: Dictionary = {}
var _known_until: int = 0
var _pending: int = -1
var _recorded: Dictionary = {}
var _tokens: Dictionary = {}


func _init(services: Services) -> void:
	_services = services
	_bridge = services.bridge
	_digest = StateDigest.new(_bridge)


## Starts at the current frame, with the recorded window size.
func begin(window: Array) -> void:
	_known_until = _services.clock.frame
	_pending = _services.clock.frame
	var root := _bridge.get_tree().root
	if window.size() == 2 and Vector2i(int(window[0]), int(window[1])) != root.size:
		root.size = Vector2i(int(window[0]), int(window[1]))
	_bridge.frame_started.connect(_on_frame)


func close() -> void:
	if _bridge.frame_started.is_connected(_on_frame):
		_bridge.frame_started.disconnect(_on_frame)


## Takes the lines of every frame below `until` (and of `until` itself when `final`); plays a
## frame that was waiting for them. Returns "" or what is wrong with a line.
func add(lines: Array, until: int, final: bool) -> String:
	var first: int = _known_until
	for index in lines.size():
		var line: Variant = lines[index]
		if not (line is Dictionary and line.get("t") is String and _whole(line.get("f"))):
			return "line %d of the chunk is no replay line (an object with \"t\" and \"f\")" \
				% index
		var frame := int(line.f)
		if frame < first or frame > until or (frame == until and not final):
			return "line %d is for frame %d, outside this chunk's frames %d to %d" % [index,
				frame, first, until if final else until - 1]
		if not _by_frame.has(frame):
			_by_frame[frame] = []
		_by_frame[frame].append(line)
	_known_until = until + 1 if final else until
	if _pending >= 0 and _pending < _known_until:
		var frame := _pending
		_pending = -1
		_play(frame)
	return ""


func _on_frame(frame: int) -> void:
	if stopped:
		return
	if frame < _known_until:
		_play(frame)
	else:
		_pending = frame


func _play(frame: int) -> void:
	var lines: Array = _by_frame.get(frame, [])
	_by_frame.erase(frame)
	for line: Dictionary in lines:
		if stopped:
			return
		match line.t:
			"check":
				_compare(line, false)
			"end":
				_compare(line, true)
				stopped = true
			"request":
				_request(line)
			"input":
				_input(line)
			"cancel":
				var token: Variant = _tokens.get(line.get("n"))
				if token != null:
					token.cancelled = true
			"window":
				if line.get("early", false):
					_window(line)
				else:
					_window.call_deferred(line)


func _input(line: Dictionary) -> void:
	var event: Variant = EventCodec.decode(line.get("e"))
	if event is String:
		failures.append({"frame": line.f, "cmd": "input", "code": "INVALID_ARGS",
			"error": "The input at frame %d cannot be rebuilt: %s." % [line.f, event]})
		return
	inputs += 1
	Input.parse_input_event(event)


func _request(line: Dictionary) -> void:
	var number: Variant = line.get("n")
	var args: Variant = line.get("args", {})
	if not args is Dictionary:
		args = {}
	args = (args as Dictionary).duplicate(true)
	for key: String in ["ref", "from", "to"]:
		if args.get(key) is Dictionary and (args[key] as Dictionary).has("path"):
			args[key] = _fresh_ref(args[key])
	var prepared: Dictionary = _services.dispatcher.prepare(JSON.stringify({
		"id": "replay-%s" % number, "cmd": line.get("cmd", ""), "args": args}))
	if prepared.has("response"):
		_failed(line, prepared.response)
		return
	requests += 1
	var token := {"cancelled": false}
	_tokens[number] = token
	_run(prepared.request, token, line)


## Runs a request as the bridge runs one (animations finished before and after), without
## writing its answer.
func _run(request: Dictionary, token: Dictionary, line: Dictionary) -> void:
	_services.animations.finish()
	var response: Variant = await _services.dispatcher.run(request, token)
	_services.animations.finish()
	_tokens.erase(line.get("n"))
	if not (response is Dictionary and response.get("ok", false)):
		_failed(line, response if response is Dictionary else {"code": "INTERNAL",
			"error": "the handler stopped with a script error"})


func _failed(line: Dictionary, response: Dictionary) -> void:
	failures.append({"n": line.get("n"), "frame": line.f, "cmd": line.get("cmd"),
		"code": response.get("code", ""), "error": response.get("error", "")})


## A ref for what a recorded ref named ({"path", "item"}), made now; or the path when the
## node is not there (the request then fails as NOT_FOUND, naming it).
func _fresh_ref(named: Dictionary) -> String:
	var node := _bridge.get_tree().root.get_node_or_null(NodePath(str(named.path)))
	if node == null:
		return str(named.path)
	return "@" + _services.refs.ref_for(node, named.get("item"))


func _window(line: Dictionary) -> void:
	var root := _bridge.get_tree().root
	match line.get("event"):
		"focus_out":
			for action: StringName in InputMap.get_actions():
				if Input.is_action_pressed(action):
					Input.action_release(action)
			root.propagate_notification(Node.NOTIFICATION_WM_WINDOW_FOCUS_OUT)
			root.focus_exited.emit()
		"focus_in":
			root.propagate_notification(Node.NOTIFICATION_WM_WINDOW_FOCUS_IN)
			root.focus_entered.emit()
		"size":
			var size: Variant = line.get("size")
			if size is Array and (size as Array).size() == 2:
				root.size = Vector2i(int(size[0]), int(size[1]))


func _compare(line: Dictionary, final: bool) -> void:
	var nodes: Variant = line.get("nodes", {})
	if final and nodes is Dictionary and not (nodes as Dictionary).is_empty():
		_recorded = (nodes as Dictionary).duplicate()
	elif nodes is Dictionary:
		_recorded.merge(nodes, true)
	for gone: Variant in line.get("gone", []):
		_recorded.erase(gone)
	if not line.has("digest"):
		if final:
			ended = {"frame": line.f, "recorded": "", "replayed": "", "same": true}
		return
	checks += 1
	var now := _digest.take_fields(_bridge.get_tree().root)
	var same: bool = now.digest == line.digest
	if final:
		ended = {"frame": line.f, "recorded": line.digest, "replayed": now.digest, "same": same}
	if same:
		return
	mismatches += 1
	if divergence.is_empty():
		divergence = _explain(line, now)
	if check:
		stopped = true


## Where the game parted from the recording at this checkpoint.
func _explain(line: Dictionary, now: Dictionary) -> Dictionary:
	var out := {"frame": line.f, "recorded": line.digest, "replayed": now.digest,
		"recorded_count": line.get("count", 0), "replayed_count": now.count}
	for node_path: String in now.order:
		if not _recorded.has(node_path):
			out.merge({"node": node_path, "kind": "extra"})
			return out
		if _recorded[node_path] != now.fields[node_path]:
			out.merge({"node": node_path, "kind": "changed"})
			out.merge(_field(node_path, str(_recorded[node_path])))
			return out
	for node_path: String in _recorded:
		if not now.fields.has(node_path):
			out.merge({"node": node_path, "kind": "missing"})
			return out
	return out


## The first field of a node whose hash differs from the recorded hashes: its name and the
## value it has in this run.
func _field(node_path: String, recorded: String) -> Dictionary:
	var node := StateDigest.node_at(_bridge.get_tree().root, node_path)
	var names := _digest.field_names(node)
	var values := _digest.state_of(node, node_path)
	var width := StateDigest.FIELD_DIGITS
	for index in names.size():
		var mine := StateDigest.text_hash(JSON.stringify(values[index], "", false, true))
		if recorded.substr(index * width, width) != mine:
			return {"property": names[index], "value": values[index]}
	return {"property": "(its script variables)"} if recorded.length() != names.size() \
		* width else {}


static func _whole(value: Variant) -> bool:
	return value is int or (value is float and value == floorf(value))
