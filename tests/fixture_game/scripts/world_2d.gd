extends Node2D
## A small 2D world for agents: a player moved by input actions (keys and the left stick), a
## `fire` action bound only to a pad button and a `throttle` bound only to a pad trigger, coins
## (areas) one of them behind a wall (a body) and one far off screen, a named tree sprite, a
## camera that shows the world as is (world position = screen position), and a score label
## with an outline copy. The controls are bound here, at run time, as a rebinding screen would.


func _ready() -> void:
	_bind_controls()
	var camera := Camera2D.new()
	camera.name = "Camera"
	camera.position = Vector2(576, 324)
	add_child(camera)
	var player := CharacterBody2D.new()
	player.name = "Player"
	player.set_script(preload("res://scripts/player_2d.gd"))
	player.position = Vector2(200, 300)
	player.add_child(_shape(CircleShape2D.new()))
	var look := Sprite2D.new()
	look.name = "Look"  # a part of the player, not an entity of its own
	look.texture = PlaceholderTexture2D.new()
	player.add_child(look)
	add_child(player)
	var wall := StaticBody2D.new()
	wall.name = "Wall"
	wall.position = Vector2(400, 300)
	var slab := RectangleShape2D.new()
	slab.size = Vector2(20, 200)
	wall.add_child(_shape(slab))
	add_child(wall)
	add_child(_coin("GoldCoin", Vector2(600, 300)))
	add_child(_coin("SilverCoin", Vector2(200, 450)))
	add_child(_coin("LostCoin", Vector2(2000, 300)))
	var tree := Sprite2D.new()
	tree.name = "Tree"
	tree.texture = PlaceholderTexture2D.new()
	tree.position = Vector2(900, 100)
	add_child(tree)
	var decoration := Sprite2D.new()  # named after its class: no entity
	decoration.texture = PlaceholderTexture2D.new()
	decoration.position = Vector2(950, 500)
	add_child(decoration)
	var hud := CanvasLayer.new()
	hud.name = "HUD"
	add_child(hud)
	var score := Label.new()
	score.name = "Score"
	score.text = "Score: 0"
	score.position = Vector2(20, 20)
	hud.add_child(score)
	var outline := Label.new()  # an outline effect: the same text one pixel off
	outline.name = "Outline"
	outline.text = "Score: 0"
	outline.position = Vector2(1, 1)
	score.add_child(outline)


func _bind_controls() -> void:
	_bind("move_left", [_key(KEY_A), _key(KEY_LEFT), _axis(JOY_AXIS_LEFT_X, -1.0)])
	_bind("move_right", [_key(KEY_D), _key(KEY_RIGHT), _axis(JOY_AXIS_LEFT_X, 1.0)])
	_bind("move_up", [_key(KEY_W), _axis(JOY_AXIS_LEFT_Y, -1.0)])
	_bind("move_down", [_key(KEY_S), _axis(JOY_AXIS_LEFT_Y, 1.0)])
	var pad_a := InputEventJoypadButton.new()
	pad_a.device = -1
	pad_a.button_index = JOY_BUTTON_A
	_bind("fire", [pad_a])
	_bind("throttle", [_axis(JOY_AXIS_TRIGGER_RIGHT, 1.0)])
	var pad_b := InputEventJoypadButton.new()
	pad_b.device = -1
	pad_b.button_index = JOY_BUTTON_B
	InputMap.action_add_event("ui_cancel", pad_b)  # the game rebinds a built-in action


func _bind(action: String, events: Array) -> void:
	if not InputMap.has_action(action):
		InputMap.add_action(action)
	for event: InputEvent in events:
		InputMap.action_add_event(action, event)


static func _key(keycode: Key) -> InputEventKey:
	var key := InputEventKey.new()
	key.keycode = keycode
	return key


static func _axis(axis: JoyAxis, value: float) -> InputEventJoypadMotion:
	var motion := InputEventJoypadMotion.new()
	motion.device = -1
	motion.axis = axis
	motion.axis_value = value
	return motion


static func _shape(shape: Shape2D) -> CollisionShape2D:
	var holder := CollisionShape2D.new()
	holder.shape = shape
	return holder


func _coin(coin_name: String, at: Vector2) -> Area2D:
	var coin := Area2D.new()
	coin.name = coin_name
	coin.position = at
	var round_shape := CircleShape2D.new()
	round_shape.radius = 12.0
	coin.add_child(_shape(round_shape))
	return coin
