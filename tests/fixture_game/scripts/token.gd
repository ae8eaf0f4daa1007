extends Area2D
## A draggable game piece that takes pointer input the physics way (`_input_event`), like the
## demo's crystals: press on one token, release over another, and they report a drop.

signal clicked(token_name: String)
signal dropped(from_name: String, to_name: String)
signal hovered(token_name: String)

static var dragging: Area2D = null

@export var label: String = ""


func _ready() -> void:
	mouse_entered.connect(func() -> void: hovered.emit(String(name)))


func _input_event(_viewport: Viewport, event: InputEvent, _shape_idx: int) -> void:
	var button := event as InputEventMouseButton
	if button == null or button.button_index != MOUSE_BUTTON_LEFT:
		return
	if button.pressed:
		dragging = self
	elif dragging == self:
		dragging = null
		clicked.emit(String(name))
	elif dragging != null:
		dropped.emit(String(dragging.name), String(name))
		dragging = null


func _draw() -> void:
	draw_circle(Vector2.ZERO, 24.0, Color.SKY_BLUE)
