class_name SlotMarkers
extends Node2D
## Draws a faint socket under every slot, so empty places stay visible while crystals move.

const SOCKET_COLOR: Color = Color(0.55, 0.6, 0.8, 0.18)
const SOCKET_RADIUS: float = 44.0

var slot_positions: Array[Vector2] = []:
	set(value):
		slot_positions = value
		queue_redraw()


func _draw() -> void:
	var rim: Color = SOCKET_COLOR.lightened(0.3)
	for slot_position: Vector2 in slot_positions:
		draw_circle(slot_position, SOCKET_RADIUS, SOCKET_COLOR)
		draw_arc(slot_position, SOCKET_RADIUS, 0.0, TAU, 48, rim, 1.5, true)
