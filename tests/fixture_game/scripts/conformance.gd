extends Control
## The conformance scene of docs/PROTOCOL.md, section 9, plus a counter the tests can read.

signal played(times: int)

var play_count: int = 0


func _ready() -> void:
	$PlayButton.pressed.connect(_on_play_pressed)


func _on_play_pressed() -> void:
	play_count += 1
	played.emit(play_count)


## The game's own pause, as a pause menu sets it.
func set_paused(value: bool) -> void:
	get_tree().paused = value
