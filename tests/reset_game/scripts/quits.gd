extends Node
## A scene that quits the game as soon as it is ready, with its own exit code.


func _ready() -> void:
	get_tree().quit(3)
