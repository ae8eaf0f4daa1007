class_name LevelCatalog
extends RefCounted
## Loads the level files listed in res://levels/index.json, in play order.

const LEVELS_DIR: String = "res://levels/"
const INDEX_FILE: String = "res://levels/index.json"

## Levels in play order.
var levels: Array[LevelData] = []
## Problems met while loading; empty when every level loaded.
var errors: Array[String] = []

var _by_id: Dictionary = {}


## Reads the index and every level it lists. Returns true when nothing went wrong.
func load_all() -> bool:
	levels.clear()
	errors.clear()
	_by_id.clear()
	var index: Variant = _read_json(INDEX_FILE)
	if not index is Dictionary or not (index as Dictionary).get("levels") is Array:
		errors.append("%s must be an object with a \"levels\" array" % INDEX_FILE)
		return false
	for file_name: Variant in index["levels"]:
		var level: LevelData = load_file(LEVELS_DIR + str(file_name))
		if level == null:
			continue
		if _by_id.has(level.id):
			errors.append("level id %s is used twice" % level.id)
			continue
		levels.append(level)
		_by_id[level.id] = level
	return errors.is_empty()


## Parses one level file; on failure records the reason in [member errors] and returns null.
func load_file(path: String) -> LevelData:
	var data: Variant = _read_json(path)
	if not data is Dictionary:
		errors.append("%s is not a JSON object" % path)
		return null
	var level: LevelData = LevelData.new()
	var problem: String = level.from_dict(data)
	if not problem.is_empty():
		errors.append("%s: %s" % [path, problem])
		return null
	return level


func has_level(level_id: String) -> bool:
	return _by_id.has(level_id)


func get_level(level_id: String) -> LevelData:
	return _by_id.get(level_id) as LevelData


## The id of the level after [param level_id] in play order, or "" for the last one.
func next_level_id(level_id: String) -> String:
	for i: int in levels.size() - 1:
		if levels[i].id == level_id:
			return levels[i + 1].id
	return ""


func summaries() -> Array[Dictionary]:
	var result: Array[Dictionary] = []
	for level: LevelData in levels:
		result.append(level.summary())
	return result


func _read_json(path: String) -> Variant:
	if not FileAccess.file_exists(path):
		errors.append("%s does not exist" % path)
		return null
	var text: String = FileAccess.get_file_as_string(path)
	var json: JSON = JSON.new()
	if json.parse(text) != OK:
		errors.append("%s line %d: %s" % [path, json.get_error_line(), json.get_error_message()])
		return null
	return json.data
