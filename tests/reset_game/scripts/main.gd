extends Node2D
## The main scene: what a test calls to change everything, and to read it back.

var _leaked: Array[int] = []


func _ready() -> void:
	GameState.visited.append("main")
	GameState.score_changed.connect(_on_score_changed)


func _on_score_changed(score: int) -> void:
	$Score.text = str(score)


## Everything a test of this game could leave behind.
func dirty() -> void:
	GameState.add_score(42)
	GameState.visited.append("dirty")
	Tally.count += 1
	Tally.names.append("dirty")
	var key := InputEventKey.new()
	key.physical_keycode = KEY_W
	InputMap.action_add_event("jump", key)
	InputMap.add_action("fly")
	ProjectSettings.set_setting("game/difficulty", 9)
	Engine.time_scale = 3.0
	(get_node("/root/Hud/Label") as Label).text = "Game Over"
	Input.action_press("jump")
	var leaked := Node2D.new()
	leaked.name = "Leaked"
	_leaked.append(leaked.get_instance_id())
	# What a game adds at run time outside its scene, and what it changes in the servers.
	GameState.add_child(Timer.new())
	get_tree().root.add_child.call_deferred(Node.new())
	ProjectSettings.set_setting("game/added_at_run_time", true)
	AudioServer.set_bus_volume_db(0, -12.0)
	AudioServer.playback_speed_scale = 0.5
	get_tree().paused = true


## What a fresh game shows; every test checks it before changing anything.
func state() -> Dictionary:
	return {
		"score": GameState.score,
		"visited": Array(GameState.visited),
		"boots": GameState.boots,
		"roll": GameState.roll,
		"tally": Tally.count,
		"names": Array(Tally.names),
		"jump_events": InputMap.action_get_events("jump").size(),
		"fly": InputMap.has_action("fly"),
		"difficulty": ProjectSettings.get_setting("game/difficulty"),
		"time_scale": Engine.time_scale,
		"hud": (get_node("/root/Hud/Label") as Label).text,
		"jump_pressed": Input.is_action_pressed("jump"),
		"orphans": Node.get_orphan_node_ids().size(),
		"label": $Score.text,
		"autoload_children": GameState.get_child_count(),
		"root_children": get_tree().root.get_child_count(),
		"added_setting": ProjectSettings.has_setting("game/added_at_run_time"),
		"master_db": AudioServer.get_bus_volume_db(0),
		"playback_speed": AudioServer.playback_speed_scale,
		"paused": get_tree().paused,
	}


## The game ends itself in the frame that runs next (a Quit button would).
func quit_soon(exit_code: int) -> void:
	get_tree().quit.call_deferred(exit_code)
