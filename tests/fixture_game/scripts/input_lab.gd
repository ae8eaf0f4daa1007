extends Control
## The input lab: controls in every state an action must respect (covered, ignoring the mouse,
## off screen, behind a modal dialog), plus rows to add and remove and draggable tokens.

signal row_added(row_name: String)
signal scrolled(steps: int)

var rows_made: int = 0
var keys_seen: PackedStringArray = []


func _ready() -> void:
	$OpenDialogButton.pressed.connect(func() -> void: $Dialog.popup_centered())
	$AddRowButton.pressed.connect(_add_row)
	$RemoveRowButton.pressed.connect(_remove_row)
	$SlowButton.pressed.connect(_slow_fade)


func _add_row() -> void:
	rows_made += 1
	var row := Label.new()
	row.name = "Row%d" % rows_made
	row.text = "Row %d" % rows_made
	$Rows.add_child(row)
	row_added.emit(row.name)


func _remove_row() -> void:
	if $Rows.get_child_count() > 0:
		$Rows.get_child(0).free()


## A long tween: agent mode finishes it; a settle wait sees it finished.
func _slow_fade() -> void:
	create_tween().tween_property($SlowButton, "modulate:a", 0.2, 3.0)


func _unhandled_input(event: InputEvent) -> void:
	if event is InputEventKey and event.pressed:
		keys_seen.append(OS.get_keycode_string((event as InputEventKey).keycode))
	if event is InputEventMouseButton and event.pressed:
		var button := event as InputEventMouseButton
		if button.button_index == MOUSE_BUTTON_WHEEL_UP:
			scrolled.emit(1)
		elif button.button_index == MOUSE_BUTTON_WHEEL_DOWN:
			scrolled.emit(-1)
