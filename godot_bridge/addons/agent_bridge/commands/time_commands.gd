extends RefCounted
## Game time (docs/PROTOCOL.md, "Time"): pause holds the game between requests (lockstep games
## always are), resume lets it run in real time, set_time_scale speeds it up or down, step
## advances a held game by exactly N frames (each 1/fps s of game time, with the physics ticks
## the project's tick rate gives), step_until advances it frame by frame until a condition
## holds, and wait lets frames run for N frames, until the game is settled or until a
## condition holds. The game's own pause (SceneTree.paused) is the game's: nothing here sets it.

const CommandError := preload("../command_error.gd")
const Conditions := preload("../conditions.gd")
const Services := preload("../services.gd")
const NOT_HELD := "works on a held game: send pause first (lockstep games are held)."

var _services: Services
var _clock: Services.Clock


func _init(services: Services) -> void:
	_services = services
	_clock = services.clock


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("set_time_scale", _set_time_scale, {
		"scale": {"type": "number", "maximum": 1000.0, "description": "1 is normal speed; > 0"},
	}, "Speed game time up or down.", "bridge")
	dispatcher.register("pause", _pause, {},
		"Hold the game: no frame runs between requests (a lockstep game always is held).",
		"bridge")
	dispatcher.register("resume", _resume, {},
		"Let the game run by itself, in real time, until pause.", "bridge")
	dispatcher.register("step", _step, {
		"frames": {"type": "integer", "default": 1, "minimum": 1,
			"maximum": Services.Clock.MAX_FRAMES},
	}, "Advance a held game by exactly N frames (and the physics ticks they hold).", "bridge")
	dispatcher.register("step_until", _step_until, Conditions.schema({
		"max_frames": {"type": "integer", "default": 600, "minimum": 1,
			"maximum": Services.Clock.MAX_FRAMES},
	}), "Advance a held game frame by frame until a condition holds or max_frames pass; "
		+ "answers whether it was met and after how many frames.", "bridge")
	dispatcher.register("wait", _wait, Conditions.schema({
		"frames": {"type": "integer", "optional": true, "minimum": 1,
			"maximum": Services.Clock.MAX_FRAMES},
		"settled": {"type": "boolean", "optional": true,
			"description": "wait until nothing animates for quiet_frames frames"},
		"quiet_frames": {"type": "integer", "default": 2, "minimum": 1, "maximum": 1000},
		"timeout_ms": {"type": "integer", "default": 5000, "minimum": 0,
			"maximum": Services.Clock.MAX_TIMEOUT_MS,
			"description": "game time in lockstep, wall time in realtime"},
	}), "Wait for N frames, until the game is settled, or until a condition holds (an event, "
		+ "a node, a property, a shown text): the game runs meanwhile; TIMEOUT past "
		+ "timeout_ms.", "bridge")


func _set_time_scale(args: Dictionary) -> Variant:
	if args.scale <= 0.0:
		return CommandError.invalid_args("scale must be above 0 (use pause to stop).")
	Engine.time_scale = args.scale
	return {"time_scale": Engine.time_scale}


func _pause(_args: Dictionary) -> Variant:
	_clock.set_held(true)
	return _described_clock()


func _resume(_args: Dictionary) -> Variant:
	_clock.set_held(false)
	return _described_clock()


## Each awaited frame returns at the start of the next one, before the game's nodes process
## it: N awaits let exactly N frames run.
func _step(args: Dictionary) -> Variant:
	if not _clock.held:
		return CommandError.invalid_args("step " + NOT_HELD)
	var physics_before := _clock.physics_frame()
	var stepped := 0
	while stepped < args.frames and not args._cancel.cancelled:
		await _clock.next_frame()
		stepped += 1
	var result := _described_clock()
	result["physics_ticks"] = _clock.physics_frame() - physics_before
	result["stepped"] = stepped
	return result


func _step_until(args: Dictionary) -> Variant:
	if not _clock.held:
		return CommandError.invalid_args("step_until " + NOT_HELD)
	var condition: Variant = Conditions.check(_services, args)
	if condition is CommandError:
		return condition
	var check: Callable = condition
	var frames := 0
	var met: Variant = check.call()
	while met is bool and not met and frames < args.max_frames and not args._cancel.cancelled:
		await _clock.next_frame()
		frames += 1
		met = check.call()
	if met is CommandError:
		return met
	var result := _described_clock()
	result["met"] = met
	result["frames"] = frames
	return result


## Frames pass while a wait runs (in lockstep too: a wait is a request that needs them), and
## each is checked as it begins, so a condition that holds for one frame is seen.
func _wait(args: Dictionary) -> Variant:
	var kinds := ["frames", "settled", "event", "node", "text"].filter(
		func(k: String) -> bool: return args.has(k) and not (args[k] is bool and not args[k]))
	if kinds.size() != 1:
		return CommandError.invalid_args("wait takes exactly one of frames, settled: true, "
			+ "event, node or text.")
	var start := _clock.frame
	if args.has("settled"):
		var reason: String = await _services.settled.wait_settled(args.quiet_frames,
			args.timeout_ms, args._cancel)
		if reason != "":
			return CommandError.timeout("The game did not settle within %d ms (%s)." % [
				args.timeout_ms, reason])
		return {"frames_waited": _clock.frame - start}
	var check: Variant = (func() -> bool: return _clock.frame - start >= args.frames) \
		if args.has("frames") else Conditions.check(_services, args)
	if check is CommandError:
		return check
	var end := _clock.deadline(args.timeout_ms)
	var met: Variant = (check as Callable).call()
	while met is bool and not met:
		if args._cancel.cancelled:
			return CommandError.new(CommandError.CANCELLED, "Cancelled.")
		if _clock.expired(end) and not args.has("frames"):
			return CommandError.timeout("Not met within %d ms (%d frames): %s." % [
				args.timeout_ms, _clock.frame - start, _describe(args)])
		await _clock.next_frame()
		met = (check as Callable).call()
	if met is CommandError:
		return met
	return {"frames_waited": _clock.frame - start}


## The condition a wait was for, in words.
static func _describe(args: Dictionary) -> String:
	if args.has("event"):
		return "no '%s' event" % args.event
	if args.has("text"):
		return "no shown text '%s'" % args.text
	if args.has("property"):
		return "%s.%s %s %s never held" % [args.node, args.property, args.op,
			JSON.stringify(args.get("value"))]
	return "%s never %s" % [args.node, "appeared" if args.present else "went away"]


## The clock, and whether the game paused itself (the game's own pause, for information).
func _described_clock() -> Dictionary:
	var described := _clock.describe()
	described["game_paused"] = _services.bridge.get_tree().paused
	return described
