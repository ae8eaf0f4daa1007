extends RefCounted
## Recording and replaying a run (docs/REPLAY.md): `record_start` starts writing a replay file
## in the session's artifacts folder (replay_recorder.gd), `record_stop` ends it and answers
## where it is; `replay` plays a chunk of a replay file's lines into a held game (replayer.gd)
## and answers once the game reached the chunk's last frame (or a checkpoint differed, with
## `check`). A game launched with `--agent-record` records from frame 0 (record_at_launch).

const CommandError := preload("../command_error.gd")
const ReplayRecorder := preload("../replay_recorder.gd")
const Replayer := preload("../replayer.gd")
const Services := preload("../services.gd")

const MAX_CHECKPOINT_EVERY := 100000

var _services: Services
var _bridge: Services.Bridge
var _clock: Services.Clock
var _recorder: ReplayRecorder
var _replayer: Replayer
var _recordings: int = 0


func _init(services: Services) -> void:
	_services = services
	_bridge = services.bridge
	_clock = services.clock


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("record_start", _record_start, {
		"checkpoint_every": {"type": "integer", "default": 30, "minimum": 1,
			"maximum": MAX_CHECKPOINT_EVERY,
			"description": "frames between the digests written to the file"},
		"annotate": {"type": "boolean", "default": false,
			"description": "also note what each click and key landed on and the controls' "
			+ "signals (for codegen)"},
	}, "Start recording every input and request that acts on the game into a replay file.",
		"bridge")
	dispatcher.register("record_stop", _record_stop, {},
		"End the recording: the final digest is written; answers the file's path.", "bridge")
	dispatcher.register("replay", _replay, {
		"lines": {"type": "array", "items": {"type": "object"},
			"description": "replay-file lines of frames from the current one up to `until`"},
		"until": {"type": "integer", "minimum": 0, "maximum": 1 << 40,
			"description": "the frame this chunk ends at (its lines come with the next chunk, "
			+ "unless final)"},
		"final": {"type": "boolean", "default": false,
			"description": "the last chunk: play frame `until` too"},
		"check": {"type": "boolean", "default": false,
			"description": "stop at the first checkpoint whose digest differs"},
		"window": {"type": "array", "optional": true,
			"description": "the recorded window size [w, h] (the first chunk)"},
	}, "Play a chunk of a replay file into a held game, frame by frame, comparing digests.",
		"bridge")


## Records from frame 0: the game was launched with --agent-record.
func record_at_launch() -> void:
	var problem := _start_recorder(30, false, true)
	if problem != "":
		push_error("AgentBridge: --agent-record: %s." % problem)


func _record_start(args: Dictionary) -> Variant:
	if _recorder != null and not _recorder.finished:
		return CommandError.invalid_args("A recording is running already (started at frame %d)"
			% _recorder.start_frame + ": send record_stop first.")
	if _replayer != null and not _replayer.stopped:
		return CommandError.invalid_args("A replay is running: a game cannot record while it "
			+ "replays.")
	var problem := _start_recorder(args.checkpoint_every, args.annotate, false)
	if problem != "":
		return CommandError.new(CommandError.UNSUPPORTED, "Cannot record: %s." % problem)
	return {"path": _recorder.path, "frame": _clock.frame,
		"checkpoint_every": args.checkpoint_every}


func _start_recorder(every: int, annotate: bool, at_launch: bool) -> String:
	_recordings += 1
	var folder: String = _bridge.session_dir.path_join("artifacts")
	DirAccess.make_dir_recursive_absolute(folder)
	_recorder = ReplayRecorder.new(_services)
	return _recorder.start(folder.path_join("recording-%d.replay.jsonl" % _recordings), every,
		annotate, at_launch)


func _record_stop(_args: Dictionary) -> Variant:
	if _recorder == null:
		return CommandError.not_found("Nothing is being recorded: send record_start first.")
	return _recorder.finish("stopped")


func _replay(args: Dictionary) -> Variant:
	if not _clock.held:
		return CommandError.invalid_args("replay works on a held game: send pause first "
			+ "(lockstep games are held).")
	if _recorder != null and not _recorder.finished:
		return CommandError.invalid_args("The game is recording: send record_stop before "
			+ "replaying into it.")
	if _replayer == null or _replayer.stopped:
		if _replayer != null:
			_replayer.close()
		_replayer = Replayer.new(_services)
		_replayer.check = args.check
		_replayer.begin(args.get("window", []))
	if args.until < _clock.frame:
		return CommandError.invalid_args("until (%d) is before the current frame %d." % [
			args.until, _clock.frame])
	var problem := _replayer.add(args.lines, args.until, args.final)
	if problem != "":
		_replayer.close()
		_replayer.stopped = true
		return CommandError.invalid_args("Bad replay chunk: %s." % problem)
	# Each frame is played at its start (frame_started); waiting for that signal, not for the
	# next frame, leaves the game held on the frame a check stopped at.
	while not _replayer.stopped and _clock.frame < args.until and not args._cancel.cancelled:
		await _clock.next_frame()
		await _bridge.frame_started
	var played := _replayer
	if played.stopped or args.final or args._cancel.cancelled:
		played.close()
		played.stopped = true
	return {"frame": _clock.frame, "checks": played.checks, "mismatches": played.mismatches,
		"inputs": played.inputs, "requests": played.requests,
		"divergence": played.divergence if not played.divergence.is_empty() else null,
		"failures": played.failures, "ended": played.ended if not played.ended.is_empty()
		else null, "stopped": played.stopped}
