extends RefCounted
## Whether the game is settled (docs/PROTOCOL.md, "Settled"): no scene change pending, nothing
## playing that will end (animation_skipper.gd), and every settle predicate the game added
## true. `wait_settled` lets frames run until that held for some frames in a row.

const AnimationSkipper := preload("animation_skipper.gd")
const Clock := preload("clock.gd")

## True while the bridge changes or resets the scene (change_scene, reset_game).
var scene_change_pending: bool = false

var _tree: SceneTree
var _clock: Clock
var _animations: AnimationSkipper
var _settle_predicates: Array[Callable] = []


func _init(tree: SceneTree, clock: Clock, animations: AnimationSkipper) -> void:
	_tree = tree
	_clock = clock
	_animations = animations


func add_settle_predicate(predicate: Callable) -> void:
	_settle_predicates.append(predicate)


## True when nothing animates and no scene change is pending (one frame's view).
func is_settled() -> bool:
	return unsettled_reason() == ""


## What keeps the game from being settled now, or "" when nothing does.
func unsettled_reason() -> String:
	if scene_change_pending or _tree.current_scene == null:
		return "a scene change is pending"
	var playing := _animations.playing()
	if playing != "":
		return playing
	for predicate: Callable in _settle_predicates:
		if predicate.is_valid() and not predicate.call():
			return "the game's settle check %s is false" % predicate.get_method()
	return ""


## Waits until the game has been settled for `quiet_frames` frames in a row. Returns "" when
## it did, or what kept it busy when `timeout_ms` (game time in lockstep) ran out (or the
## request was cancelled: `token.cancelled`).
func wait_settled(quiet_frames: int, timeout_ms: int, token: Dictionary) -> String:
	var end: Dictionary = _clock.deadline(timeout_ms)
	var quiet := 0
	while quiet < quiet_frames:
		if token.cancelled:
			return "cancelled"
		if _clock.expired(end):
			return unsettled_reason()
		await _clock.next_frame()
		quiet = quiet + 1 if is_settled() else 0
	return ""
