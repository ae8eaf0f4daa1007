extends Control
## A small main menu for recording a person's session (docs/REPLAY.md, codegen): a name, a
## difficulty, a sound switch and Start, which greets the player.


func _ready() -> void:
	$Panel/Start.pressed.connect(_on_start)


func _on_start() -> void:
	var difficulty: String = $Panel/Difficulty.get_item_text($Panel/Difficulty.selected)
	var sound := "on" if $Panel/Sound.button_pressed else "off"
	$Panel/Result.text = "Welcome, %s (%s, sound %s)" % [$Panel/Name.text, difficulty, sound]
