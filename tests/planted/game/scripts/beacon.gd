extends Control
## A steady green light in the corner.

const Planted := preload("res://scripts/planted.gd")


func _draw() -> void:
	draw_rect(Rect2(Vector2.ZERO, size), Color.SEA_GREEN)
	if Planted.has("pixel"):  # the pixel bug: one dead pixel
		draw_rect(Rect2(7, 7, 1, 1), Color.RED)
