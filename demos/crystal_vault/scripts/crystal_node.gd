class_name CrystalNode
extends Area2D
## A crystal in the vault. Pressing the mouse on it starts a drag; the level decides the rest.

signal grabbed(crystal: CrystalNode)

const RADIUS: float = 34.0
const LABEL_FONT_SIZE: int = 22
const PALETTE: Dictionary = {
	"red": Color(0.91, 0.3, 0.33),
	"blue": Color(0.3, 0.55, 0.95),
	"green": Color(0.33, 0.8, 0.45),
	"gold": Color(0.96, 0.78, 0.28),
	"purple": Color(0.66, 0.44, 0.93),
	"cyan": Color(0.3, 0.85, 0.9),
	"white": Color(0.9, 0.92, 0.96),
	"orange": Color(0.97, 0.58, 0.25),
}
const FALLBACK_COLOR: Color = Color(0.7, 0.7, 0.7)

@export var crystal_id: int = 0:
	set(value):
		crystal_id = value
		queue_redraw()
@export var color_name: String = "white":
	set(value):
		color_name = value
		queue_redraw()
@export var label_text: String = "":
	set(value):
		label_text = value
		queue_redraw()
@export var draggable: bool = true

var _hovered: bool = false
var _dragging: bool = false


func _ready() -> void:
	input_pickable = true
	mouse_entered.connect(_set_hovered.bind(true))
	mouse_exited.connect(_set_hovered.bind(false))


func _input_event(viewport: Viewport, event: InputEvent, _shape_idx: int) -> void:
	if not draggable:
		return
	var button: InputEventMouseButton = event as InputEventMouseButton
	if button != null and button.button_index == MOUSE_BUTTON_LEFT and button.pressed:
		viewport.set_input_as_handled()
		grabbed.emit(self)


func _set_hovered(hovered: bool) -> void:
	_hovered = hovered
	queue_redraw()


func set_dragging(dragging: bool) -> void:
	_dragging = dragging
	z_index = 10 if dragging else 0
	queue_redraw()


## Briefly tints the crystal, e.g. green for a found symmetry or red for a wrong arrangement.
func flash(tint: Color) -> void:
	var tween: Tween = create_tween()
	tween.tween_property(self, "modulate", tint, 0.12)
	tween.tween_property(self, "modulate", Color.WHITE, 0.3)


func base_color() -> Color:
	return PALETTE.get(color_name, FALLBACK_COLOR)


func _draw() -> void:
	var fill: Color = base_color()
	if _hovered or _dragging:
		draw_circle(Vector2.ZERO, RADIUS + 7.0, Color(fill, 0.25))
	var outline: PackedVector2Array = _gem_points(RADIUS)
	draw_colored_polygon(outline, fill.darkened(0.15))
	draw_colored_polygon(_gem_points(RADIUS * 0.62), fill.lightened(0.2))
	var closed: PackedVector2Array = outline.duplicate()
	closed.append(outline[0])
	draw_polyline(closed, fill.lightened(0.55), 2.5, true)
	_draw_label(fill)


func _draw_label(fill: Color) -> void:
	var font: Font = ThemeDB.fallback_font
	var size: Vector2 = font.get_string_size(
			label_text, HORIZONTAL_ALIGNMENT_LEFT, -1, LABEL_FONT_SIZE)
	var baseline: float = (font.get_ascent(LABEL_FONT_SIZE) - font.get_descent(LABEL_FONT_SIZE))
	var origin: Vector2 = Vector2(-size.x / 2.0, baseline / 2.0)
	var ink: Color = Color(0.08, 0.08, 0.12) if fill.get_luminance() > 0.5 else Color.WHITE
	draw_string(font, origin, label_text, HORIZONTAL_ALIGNMENT_LEFT, -1, LABEL_FONT_SIZE, ink)


## A six-sided gem outline with a point at the top.
static func _gem_points(radius: float) -> PackedVector2Array:
	var points: PackedVector2Array = PackedVector2Array()
	for i: int in 6:
		var angle: float = -PI / 2.0 + TAU * i / 6.0
		points.append(Vector2(cos(angle), sin(angle)) * radius)
	return points
