extends Node2D
## A spark that flies to the right for a few frames, then says it landed.

signal landed

var _frames_left: int = 10


func _ready() -> void:
	name = "Spark"
	var trail := ColorRect.new()
	trail.name = "Trail"
	trail.size = Vector2(6, 6)
	trail.color = Color.ORANGE
	add_child(trail)


func _process(_delta: float) -> void:
	position.x += 8.0
	_frames_left -= 1
	if _frames_left == 0:
		landed.emit()
