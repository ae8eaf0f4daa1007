extends Node
## Loads its save as it starts and writes it when told: `found` is what user://save.txt held
## when the scene became ready ("" without one).

const SAVE := "user://save.txt"

var found: String = ""


func _ready() -> void:
	if FileAccess.file_exists(SAVE):
		found = FileAccess.get_file_as_string(SAVE)


func save(text: String) -> void:
	var file := FileAccess.open(SAVE, FileAccess.WRITE)
	file.store_string(text)
