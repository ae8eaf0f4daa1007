class_name LevelSelectPanel
extends Control
## An overlay listing every level as a button, grouped by act.

signal level_chosen(level_id: String)

@onready var act_list: VBoxContainer = %ActList
@onready var close_button: Button = %CloseButton


func _ready() -> void:
	close_button.pressed.connect(close)
	visible = false


## Rebuilds the buttons. [param summaries] come from [method LevelCatalog.summaries];
## [param solved] holds the ids of levels already completed.
func open(summaries: Array[Dictionary], solved: Dictionary, current_id: String) -> void:
	for child: Node in act_list.get_children():
		act_list.remove_child(child)
		child.free()
	var row: HFlowContainer = null
	var act: int = -1
	for summary: Dictionary in summaries:
		if summary["act"] != act:
			act = summary["act"]
			act_list.add_child(_act_heading(act, summary["act_title"]))
			row = HFlowContainer.new()
			row.name = "Act%dLevels" % act
			act_list.add_child(row)
		row.add_child(_level_button(summary, solved.has(summary["id"]), current_id))
	visible = true


func close() -> void:
	visible = false


func _act_heading(act: int, act_title: String) -> Label:
	var heading: Label = Label.new()
	heading.name = "Act%dHeading" % act
	heading.text = "Act %d: %s" % [act, act_title]
	heading.add_theme_font_size_override("font_size", 20)
	heading.add_theme_color_override("font_color", Color(0.98, 0.85, 0.45))
	return heading


func _level_button(summary: Dictionary, solved: bool, current_id: String) -> Button:
	var button: Button = Button.new()
	var level_id: String = summary["id"]
	button.name = level_id
	button.text = "%s (%d crystals)%s" % [
		summary["title"], summary["crystal_count"], "  - opened" if solved else ""]
	button.custom_minimum_size = Vector2(300, 40)
	button.disabled = level_id == current_id
	button.pressed.connect(_choose.bind(level_id))
	return button


func _choose(level_id: String) -> void:
	close()
	level_chosen.emit(level_id)
