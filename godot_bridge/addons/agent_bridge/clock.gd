extends RefCounted
## Game time under the test's control (docs/PROTOCOL.md, "Time").
##
## In lockstep, agent mode's default, the game is held on a frame boundary between requests:
## at the start of every frame (the SceneTree's process_frame, before any node processes, after
## the frame's physics ticks) the bridge keeps the engine in its own loop, answering requests,
## until one needs the game to run. A request that needs frames awaits `next_frame()`; while
## any does, the frame goes on. Every frame is 1/fps s of game time: the launcher starts the
## engine with --fixed-fps, and physics ticks follow the project's tick rate against it.
## In realtime the game runs freely at fps frames a second (the same fixed delta) unless held
## by `pause`. Frame numbers count from frame 0, the start of the game's second frame: the
## engine runs the first frame of a launched game as it would without the bridge (a physics
## step, deferred calls, containers laid out, the first `_process`), and a reset game's first
## frame the same way (`restart`), so both reach frame 0 alike.
##
## While the game is held the bridge looks at the command file again and again; the clock
## paces those looks by the command traffic (`note_activity`, `hold_sleep_usec`).

## A frame began: every request waiting for one goes on (and may wait again).
signal advanced

const LOCKSTEP := "lockstep"
const REALTIME := "realtime"
const MODES := [LOCKSTEP, REALTIME]
const DEFAULT_FPS := 60
const MAX_FPS := 1000
const MAX_LAG_USEC := 250000
## The most frames finish_waits lets cancelled requests run.
const FINISH_ROUNDS := 1000
## The longest any command may wait (`timeout_ms`), and the most frames it may wait or step.
const MAX_TIMEOUT_MS := 600000
const MAX_FRAMES := 1000000
## How long the bridge sleeps between looks at the command file while it holds the game, by
## how long ago a command last came or went: it spins while commands flow (a client's next
## request comes within a fraction of a millisecond), sleeps a little while they may still
## come, and longer when left alone. The first request after a quiet spell waits at most
## IDLE_SLEEP_USEC.
const PACING := [[20, 0], [250, 100], [1000, 1000]]  # [msec since activity, usec of sleep]
const IDLE_SLEEP_USEC := 2500

var mode: String = LOCKSTEP
var fps: int = DEFAULT_FPS
var seed_value: int = 0
## Frames since frame 0.
var frame: int = 0
## Whether the game stays frozen between requests (lockstep, or realtime after `pause`).
var held: bool = true
## Whether frames have the fixed delta 1/fps (the engine was started with --fixed-fps fps):
## null until a frame ran, then what the last frame's delta showed.
var fixed_delta: Variant = null

var _physics_origin: int = 0
var _started: bool = false
## The game's first frame is under way or to come: the bridge leaves it alone.
var _warming: bool = true
## Physics ticks the launched game's first frame ran (-1: not yet known); the engine gives
## the first frame fewer than the later ones when the tick rate is above the frame rate.
var _first_frame_ticks: int = -1
## Physics ticks the last frame ran, and the tick count when it began.
var _ticks_per_frame: int = 1
var _ticks_at_frame_start: int = 0
var _demand: int = 0
## Where real-time pacing counts from: a wall time (usec) and the frame then (-1: not yet).
var _anchor_usec: int = -1
var _anchor_frame: int = 0
## When a request last came or an answer last went (usec).
var _last_activity_usec: int = 0


func _init(p_mode: String, p_fps: int, p_seed: int) -> void:
	mode = p_mode
	fps = p_fps
	seed_value = p_seed
	set_held(mode == LOCKSTEP)


## Awaited by whatever needs the game to run one more frame: `await clock.next_frame()`.
## It returns at the start of the next frame, before the game's nodes process it.
func next_frame() -> void:
	await run_until(advanced)


## Awaited by whatever needs the game to run until `event` fires (a signal of the tree, such
## as the start of the next physics step): the hold lets the frame go on meanwhile.
func run_until(event: Signal) -> void:
	_demand += 1
	await event
	_demand -= 1


## Called at the start of every frame with the delta the engine gives it: counts the frame
## and lets waiting requests go on. False for the game's first frame, which the bridge leaves
## to the game (see the class comment).
func begin_frame(delta: float) -> bool:
	var ticks := Engine.get_physics_frames()
	var ticks_this_frame := ticks - _ticks_at_frame_start
	_ticks_at_frame_start = ticks
	if _warming:
		_warming = false
		if _first_frame_ticks < 0:
			_first_frame_ticks = ticks  # a launch: every tick so far was its first frame's
		return false
	_ticks_per_frame = ticks_this_frame
	if _started:
		frame += 1
		var fixed := absf(delta - Engine.time_scale / fps) < 1.0e-6
		if fixed_delta == null and not fixed:
			push_warning("AgentBridge: frames do not have the fixed delta 1/%d s; start the " % fps
				+ "engine with --fixed-fps %d for game time that repeats." % fps)
		fixed_delta = fixed
	else:
		_started = true
		frame = 0
		_physics_origin = Engine.get_physics_frames()
	advanced.emit()
	return true


## How many physics ticks of the coming frame a reset lets pass before it makes the new
## game, so that the new game's first frame runs as many ticks as a launched game's did.
func ticks_before_restart() -> int:
	return maxi(_ticks_per_frame - maxi(_first_frame_ticks, 1), 0)


## A reset game starts over: its first frame comes next, then frame 0, held as the mode
## starts. Called where a launched game's scene stood before its first physics step.
func restart() -> void:
	_warming = true
	_started = false
	set_held(mode == LOCKSTEP)


## Lets every request waiting for a frame go on until none waits (the game is ending and its
## requests are cancelled, so each ends within a frame or two of its own).
func finish_waits() -> void:
	var rounds := 0
	while _demand > 0 and rounds < FINISH_ROUNDS:
		advanced.emit()
		rounds += 1


## Whether frame 0 has begun (a launched or reset game's first frame is behind it).
func started() -> bool:
	return _started


## Whether the bridge keeps the engine in its loop now: held, and no request needs a frame.
func should_hold() -> bool:
	return held and _demand == 0


## Holding stops free running: a held game runs frames as fast as the machine allows while a
## request needs them; a released one at fps frames a second, as a person would see it.
func set_held(value: bool) -> void:
	held = value
	_anchor_usec = -1


## Keeps a game that runs by itself at fps frames a wall second: the bridge waits (answering
## requests) until the next frame's time comes. (--fixed-fps gives every frame the same delta and stops
## the engine's own real-time pacing, Engine.max_fps included.) A game that fell behind by
## more than MAX_LAG_USEC goes on from now instead of rushing to catch up.
## Returns how long (usec) until the next frame is due; 0 when it is (or the game is held).
func usec_until_due() -> int:
	if held:
		return 0
	var now := Time.get_ticks_usec()
	if _anchor_usec < 0:
		_anchor_usec = now
		_anchor_frame = frame
	var due := _anchor_usec + (frame - _anchor_frame) * 1000000 / fps
	if now - due > MAX_LAG_USEC:
		_anchor_usec = now
		_anchor_frame = frame
	return maxi(due - now, 0)


## A request came or an answer went: the looks at the command file quicken (PACING).
func note_activity() -> void:
	_last_activity_usec = Time.get_ticks_usec()


## How long to sleep before the next look at the command file while the game is held.
func hold_sleep_usec() -> int:
	var quiet_usec := Time.get_ticks_usec() - _last_activity_usec
	for tier: Array in PACING:
		if quiet_usec < tier[0] * 1000:
			return tier[1]
	return IDLE_SLEEP_USEC


func physics_frame() -> int:
	return Engine.get_physics_frames() - _physics_origin


## The end of a wait of `timeout_ms`: game time (frames) in lockstep, wall time in realtime.
func deadline(timeout_ms: int) -> Dictionary:
	if mode == LOCKSTEP:
		return {"frame": frame + frames_in(timeout_ms)}
	return {"msec": Time.get_ticks_msec() + timeout_ms}


func expired(end: Dictionary) -> bool:
	if end.has("frame"):
		return frame >= end.frame
	return Time.get_ticks_msec() > end.msec


## Frames that make `msec` of game time (at least one for any positive time).
func frames_in(msec: int) -> int:
	return ceili(msec * fps / 1000.0)


## What `hello` and the time commands report.
func describe() -> Dictionary:
	return {"mode": mode, "fps": fps, "seed": seed_value, "held": held, "frame": frame,
		"physics_frame": physics_frame(), "fixed_delta": fixed_delta,
		"time_scale": Engine.time_scale}
