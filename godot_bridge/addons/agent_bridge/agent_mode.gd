extends RefCounted
## What agent mode changes in the running game: Tweens, AnimationPlayer animations and the
## one-shot states of AnimationTree state machines finish at once, the bridge's looks at the
## command file follow its traffic, and `is_settled` tells when nothing is moving.

## How long the bridge sleeps between looks at the command file while it holds the game, by
## how long ago a command last came or went: it spins while commands flow (a client's next
## request comes within a fraction of a millisecond), sleeps a little while they may still
## come, and longer when left alone. The first request after a quiet spell waits at most
## IDLE_SLEEP_USEC.
const PACING := [[20, 0], [250, 100], [1000, 1000]]  # [msec since activity, usec of sleep]
const IDLE_SLEEP_USEC := 2500
const HUGE_STEP := 1.0e6
## The longest any command may wait (`timeout_ms`), and the most frames it may wait or step.
const MAX_TIMEOUT_MS := 600000
const MAX_FRAMES := 1000000

var _tree: SceneTree
var clock: RefCounted
var _players: Array[AnimationPlayer] = []
var _trees: Array[AnimationTree] = []
var _settle_predicates: Array[Callable] = []
var scene_change_pending: bool = false


func _init(tree: SceneTree, p_clock: RefCounted) -> void:
	_tree = tree
	clock = p_clock


func start() -> void:
	_tree.node_added.connect(_track_node)
	for mixer: Node in _tree.root.find_children("*", "AnimationMixer", true, false):
		_track_node(mixer)


func _track_node(node: Node) -> void:
	if node is AnimationPlayer and not _players.has(node):
		_players.append(node)
		node.tree_exited.connect(_players.erase.bind(node), CONNECT_ONE_SHOT)
	elif node is AnimationTree and not _trees.has(node):
		_trees.append(node)
		node.tree_exited.connect(_trees.erase.bind(node), CONNECT_ONE_SHOT)


## Completes every finite Tween and every playing, non-looping animation. A paused game
## stays as it is: time only moves through `step` then.
func finish_animations() -> void:
	if _tree.paused:
		return
	for tween: Tween in _tree.get_processed_tweens():
		if tween.is_valid() and tween.is_running() and tween.get_loops_left() != -1:
			tween.custom_step(HUGE_STEP)
	for player: AnimationPlayer in _players:
		if player.is_playing() and not _is_looping(player):
			var remaining := player.current_animation_length - player.current_animation_position
			player.advance(maxf(remaining, 0.0) / maxf(absf(player.speed_scale), 0.0001))
	for animation_tree: AnimationTree in _trees:
		var remaining := _one_shot_remaining(animation_tree)
		if remaining > 0.0:
			animation_tree.advance(remaining)


## Seconds left in the current state of a tree's state machine when that state plays a
## non-looping animation; 0 otherwise (an idle loop, a blend tree, an inactive tree).
static func _one_shot_remaining(animation_tree: AnimationTree) -> float:
	if not animation_tree.active or animation_tree.is_queued_for_deletion():
		return 0.0
	var machine := animation_tree.tree_root as AnimationNodeStateMachine
	var playback := animation_tree.get("parameters/playback") as AnimationNodeStateMachinePlayback
	if machine == null or playback == null or not playback.is_playing():
		return 0.0
	var state := playback.get_current_node()
	if not machine.has_node(state):
		return 0.0
	var node := machine.get_node(state) as AnimationNodeAnimation
	if node == null or not animation_tree.has_animation(node.animation):
		return 0.0
	if animation_tree.get_animation(node.animation).loop_mode != Animation.LOOP_NONE:
		return 0.0
	return maxf(playback.get_current_length() - playback.get_current_play_position(), 0.0)


static func _is_looping(player: AnimationPlayer) -> bool:
	var animation := player.get_animation(player.current_animation)
	return animation != null and animation.loop_mode != Animation.LOOP_NONE


## The sleep for a quiet spell of `quiet_usec` (PACING).
static func hold_sleep_usec(quiet_usec: int) -> int:
	for tier: Array in PACING:
		if quiet_usec < tier[0] * 1000:
			return tier[1]
	return IDLE_SLEEP_USEC


func add_settle_predicate(predicate: Callable) -> void:
	_settle_predicates.append(predicate)


## True when nothing animates and no scene change is pending (one frame's view).
func is_settled() -> bool:
	return unsettled_reason() == ""


## What keeps the game from being settled now, or "" when nothing does.
func unsettled_reason() -> String:
	if scene_change_pending or _tree.current_scene == null:
		return "a scene change is pending"
	for tween: Tween in _tree.get_processed_tweens():
		# An endless loop (an idle bob, a pulse) never finishes, so it does not count.
		if tween.is_valid() and tween.is_running() and tween.get_loops_left() != -1:
			return "a Tween is running"
	for player: AnimationPlayer in _players:
		if player.is_playing() and not _is_looping(player):
			return "%s is playing '%s'" % [player.get_path(), player.current_animation]
	for animation_tree: AnimationTree in _trees:
		if _one_shot_remaining(animation_tree) > 0.0:
			return "%s is in its one-shot state '%s'" % [animation_tree.get_path(),
				(animation_tree.get("parameters/playback") as AnimationNodeStateMachinePlayback
				).get_current_node()]
	for predicate: Callable in _settle_predicates:
		if predicate.is_valid() and not predicate.call():
			return "the game's settle check %s is false" % predicate.get_method()
	return ""


## Waits until the game has been settled for `quiet_frames` frames in a row. Returns "" when
## it did, or what kept it busy when `timeout_ms` (game time in lockstep) ran out (or the
## request was cancelled: `token.cancelled`).
func wait_settled(quiet_frames: int, timeout_ms: int, token: Dictionary) -> String:
	var end: Dictionary = clock.deadline(timeout_ms)
	var quiet := 0
	while quiet < quiet_frames:
		if token.cancelled:
			return "cancelled"
		if clock.expired(end):
			return unsettled_reason()
		await clock.next_frame()
		quiet = quiet + 1 if is_settled() else 0
	return ""
