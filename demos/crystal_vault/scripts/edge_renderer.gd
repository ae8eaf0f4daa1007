class_name EdgeRenderer
extends Node2D
## Draws one edge between two crystals and follows them as they move.
##
## "standard" edges are a single line, "double" edges two parallel lines, and directed edges
## end in an arrowhead pointing at the [member to_id] crystal.

const LINE_COLOR: Color = Color(0.72, 0.78, 0.92, 0.85)
const LINE_WIDTH: float = 3.0
const DOUBLE_GAP: float = 5.0
const ARROW_LENGTH: float = 16.0
const ARROW_HALF_WIDTH: float = 8.0
const END_MARGIN: float = 6.0

@export var from_id: int = 0
@export var to_id: int = 0
@export var edge_type: String = "standard":
	set(value):
		edge_type = value
		queue_redraw()
@export var directed: bool = false:
	set(value):
		directed = value
		queue_redraw()

var _from_node: Node2D = null
var _to_node: Node2D = null
var _drawn_from: Vector2 = Vector2.INF
var _drawn_to: Vector2 = Vector2.INF


## Makes the edge follow the two crystal nodes it joins.
func attach(from_node: Node2D, to_node: Node2D) -> void:
	_from_node = from_node
	_to_node = to_node
	queue_redraw()


func _process(_delta: float) -> void:
	if _endpoint(_from_node) != _drawn_from or _endpoint(_to_node) != _drawn_to:
		queue_redraw()


func _draw() -> void:
	if not is_instance_valid(_from_node) or not is_instance_valid(_to_node):
		return
	_drawn_from = _endpoint(_from_node)
	_drawn_to = _endpoint(_to_node)
	var span: Vector2 = _drawn_to - _drawn_from
	var trim: float = CrystalNode.RADIUS + END_MARGIN
	if span.length() <= trim * 2.0:
		return
	var along: Vector2 = span.normalized()
	var start: Vector2 = _drawn_from + along * trim
	var end: Vector2 = _drawn_to - along * trim
	if directed:
		_draw_arrowhead(end, along)
		end -= along * ARROW_LENGTH * 0.8
	if edge_type == "double":
		var side: Vector2 = along.orthogonal() * DOUBLE_GAP
		draw_line(start + side, end + side, LINE_COLOR, LINE_WIDTH * 0.8, true)
		draw_line(start - side, end - side, LINE_COLOR, LINE_WIDTH * 0.8, true)
	else:
		draw_line(start, end, LINE_COLOR, LINE_WIDTH, true)


func _draw_arrowhead(tip: Vector2, along: Vector2) -> void:
	var back: Vector2 = tip - along * ARROW_LENGTH
	var side: Vector2 = along.orthogonal() * ARROW_HALF_WIDTH
	draw_colored_polygon(PackedVector2Array([tip, back + side, back - side]), LINE_COLOR)


## Position of [param node] in this edge's own coordinates.
func _endpoint(node: Node2D) -> Vector2:
	if not is_instance_valid(node):
		return Vector2.INF
	return to_local(node.global_position)
