class_name LevelData
extends RefCounted
## One puzzle level: crystals (colored, labelled, placed in slots) joined by typed edges.
##
## Levels are stored as JSON files in res://levels/. Use [method from_dict] to build one; it
## returns an empty string on success or a sentence describing the first problem found.

const EDGE_TYPES: Array[String] = ["standard", "directed", "double"]

var id: String = ""
var act: int = 0
var act_title: String = ""
var title: String = ""
var hint: String = ""
## colors[i], labels[i] and positions[i] describe crystal i (and slot i, its starting place).
var colors: Array[String] = []
var labels: Array[String] = []
var positions: Array[Vector2] = []
## Each edge is {"from": int, "to": int, "type": String, "directed": bool}.
var edges: Array[Dictionary] = []


func crystal_count() -> int:
	return colors.size()


## Fills this level from parsed JSON. Returns "" on success, otherwise what is wrong.
func from_dict(data: Dictionary) -> String:
	if not data.get("id") is String or str(data["id"]).is_empty():
		return "the level has no \"id\" string"
	id = data["id"]
	if not _is_whole_number(data.get("act")) or int(data["act"]) < 1:
		return "level %s: \"act\" must be a positive integer" % id
	act = int(data["act"])
	act_title = str(data.get("act_title", "Act %d" % act))
	if not data.get("title") is String:
		return "level %s: \"title\" must be a string" % id
	title = data["title"]
	hint = str(data.get("hint", ""))
	var crystal_error: String = _read_crystals(data.get("crystals"))
	if not crystal_error.is_empty():
		return "level %s: %s" % [id, crystal_error]
	var edge_error: String = _read_edges(data.get("edges"))
	if not edge_error.is_empty():
		return "level %s: %s" % [id, edge_error]
	return ""


## A short public description, as shown in level lists.
func summary() -> Dictionary:
	return {
		"id": id,
		"title": title,
		"act": act,
		"act_title": act_title,
		"crystal_count": crystal_count(),
	}


func _read_crystals(raw: Variant) -> String:
	if not raw is Array or (raw as Array).is_empty():
		return "\"crystals\" must be a non-empty array"
	var items: Array = raw
	var count: int = items.size()
	colors.resize(count)
	labels.resize(count)
	positions.resize(count)
	var seen: Dictionary = {}
	for item: Variant in items:
		if not item is Dictionary:
			return "every crystal must be an object"
		var crystal: Dictionary = item
		if not _is_whole_number(crystal.get("id")):
			return "every crystal needs an integer \"id\""
		var crystal_id: int = int(crystal["id"])
		if crystal_id < 0 or crystal_id >= count or seen.has(crystal_id):
			return "crystal ids must be 0 to %d, each used once" % (count - 1)
		seen[crystal_id] = true
		if not crystal.get("color") is String or str(crystal["color"]).is_empty():
			return "crystal %d needs a \"color\" name" % crystal_id
		var position: Variant = crystal.get("position")
		if not position is Array or (position as Array).size() != 2:
			return "crystal %d needs a \"position\" [x, y]" % crystal_id
		var xy: Array = position
		if not _is_number(xy[0]) or not _is_number(xy[1]):
			return "crystal %d has a position that is not numbers" % crystal_id
		colors[crystal_id] = crystal["color"]
		labels[crystal_id] = str(crystal.get("label", char(65 + crystal_id)))
		positions[crystal_id] = Vector2(float(xy[0]), float(xy[1]))
	return ""


func _read_edges(raw: Variant) -> String:
	if not raw is Array:
		return "\"edges\" must be an array"
	var count: int = crystal_count()
	for item: Variant in raw:
		if not item is Dictionary:
			return "every edge must be an object"
		var edge: Dictionary = item
		if not _is_whole_number(edge.get("from")) or not _is_whole_number(edge.get("to")):
			return "every edge needs integer \"from\" and \"to\""
		var from_id: int = int(edge["from"])
		var to_id: int = int(edge["to"])
		if from_id < 0 or from_id >= count or to_id < 0 or to_id >= count:
			return "edge %d-%d joins a crystal that does not exist" % [from_id, to_id]
		var edge_type: String = str(edge.get("type", "standard"))
		if not edge_type in EDGE_TYPES:
			return "edge %d-%d has unknown type \"%s\"" % [from_id, to_id, edge_type]
		var directed: Variant = edge.get("directed", edge_type == "directed")
		if not directed is bool:
			return "edge %d-%d: \"directed\" must be true or false" % [from_id, to_id]
		edges.append({"from": from_id, "to": to_id, "type": edge_type, "directed": directed})
	return ""


static func _is_number(value: Variant) -> bool:
	return value is int or value is float


static func _is_whole_number(value: Variant) -> bool:
	if value is int:
		return true
	return value is float and is_equal_approx(value, roundf(value))
