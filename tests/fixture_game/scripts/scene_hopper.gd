extends Control
## Buttons that change the scene the ways games do it themselves: to a file, to a packed
## scene, and reloading the current one. A confirmation dialog guards the reload. A short
## scroll box holds a long list of buttons, most of them scrolled out of view.

signal level_picked(level: int)

const TARGET := "res://scenes/conformance.tscn"


func _ready() -> void:
	_button("ToFileButton", "To file", 20, func() -> void: get_tree().change_scene_to_file(TARGET))
	_button("ToPackedButton", "To packed", 60,
		func() -> void: get_tree().change_scene_to_packed(load(TARGET)))
	_button("ReloadButton", "Reload", 100, func() -> void: $ReloadDialog.popup_centered())
	var dialog := ConfirmationDialog.new()
	dialog.name = "ReloadDialog"
	dialog.title = "Reload?"
	dialog.dialog_text = "Start this scene again?"
	dialog.confirmed.connect(func() -> void: get_tree().reload_current_scene())
	add_child(dialog)
	var scroller := ScrollContainer.new()
	scroller.name = "Levels"
	scroller.position = Vector2(220, 20)
	scroller.size = Vector2(180, 100)
	var column := VBoxContainer.new()
	scroller.add_child(column)
	for level in range(1, 21):
		var button := Button.new()
		button.text = "Level %d" % level
		button.pressed.connect(func() -> void: level_picked.emit(level))
		column.add_child(button)
	add_child(scroller)


func _button(node_name: String, text: String, top: float, action: Callable) -> void:
	var button := Button.new()
	button.name = node_name
	button.text = text
	button.position = Vector2(20, top)
	button.size = Vector2(160, 30)
	button.pressed.connect(action)
	add_child(button)
