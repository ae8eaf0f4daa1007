extends RefCounted
## Agent mode's animation skip: Tweens, AnimationPlayer animations and the one-shot states of
## AnimationTree state machines finish at once, so an agent never waits for a transition; and
## what still plays, for the settled check (settled_check.gd). Endless loops (an idle bob, a
## pulse) play on: they never finish, so they neither hold an agent up nor count as busy.

const HUGE_STEP := 1.0e6

var _tree: SceneTree
var _players: Array[AnimationPlayer] = []
var _trees: Array[AnimationTree] = []


func _init(tree: SceneTree) -> void:
	_tree = tree


## Follows every animation player and tree in the tree now and added later.
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
func finish() -> void:
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


## What still plays and will end (a Tween, an animation, a one-shot state), or "" when
## nothing does.
func playing() -> String:
	for tween: Tween in _tree.get_processed_tweens():
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
	return ""


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
