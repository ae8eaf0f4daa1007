extends RefCounted
## InputEvents as JSON objects and back, exactly (docs/REPLAY.md): `{"type": the class, and
## every stored property that differs from a new event of that class}`. Floats keep all their
## digits when the line is written with full precision, vectors are [x, y], so an event rebuilt
## from its object is the event that was recorded, velocity and pressure included.

## Properties every Resource has that say nothing about the input.
const SKIPPED_PREFIXES := ["resource_", "metadata/", "script"]

## class -> [{"name", "type"}] of the stored properties worth writing.
static var _properties: Dictionary = {}
## class -> a new event of that class, for the defaults.
static var _defaults: Dictionary = {}


## The object of one event.
static func encode(event: InputEvent) -> Dictionary:
	var type := event.get_class()
	var fresh: InputEvent = _default_of(type)
	var out := {"type": type}
	for property: Dictionary in _properties_of(type):
		var value: Variant = event.get(property.name)
		if fresh == null or value != fresh.get(property.name):
			out[property.name] = _to_json(value)
	return out


## The event an object describes, or a String saying why it cannot be rebuilt.
static func decode(data: Variant) -> Variant:
	if not data is Dictionary or not (data as Dictionary).get("type") is String:
		return "an input is an object with a \"type\" (an InputEvent class)"
	var type: String = data.type
	if not ClassDB.class_exists(type) or not ClassDB.is_parent_class(type, "InputEvent") \
			or not ClassDB.can_instantiate(type):
		return "'%s' is no InputEvent class of this engine" % type
	var event: InputEvent = ClassDB.instantiate(type)
	var types := {}
	for property: Dictionary in _properties_of(type):
		types[property.name] = property.type
	for key: String in data:
		if key == "type":
			continue
		if not types.has(key):
			return "%s has no property '%s'" % [type, key]
		var value: Variant = _from_json(data[key], types[key])
		if value == null:
			return "%s.%s cannot be %s" % [type, key, JSON.stringify(data[key])]
		event.set(key, value)
	return event


static func _properties_of(type: String) -> Array:
	if not _properties.has(type):
		var kept: Array = []
		var fresh: InputEvent = _default_of(type)
		if fresh != null:
			for property: Dictionary in fresh.get_property_list():
				if not (property.usage & PROPERTY_USAGE_STORAGE) or _skipped(property.name):
					continue
				kept.append({"name": property.name, "type": property.type})
		_properties[type] = kept
	return _properties[type]


static func _skipped(property_name: String) -> bool:
	for prefix: String in SKIPPED_PREFIXES:
		if property_name.begins_with(prefix):
			return true
	return false


static func _default_of(type: String) -> InputEvent:
	if not _defaults.has(type):
		_defaults[type] = ClassDB.instantiate(type) if ClassDB.can_instantiate(type) else null
	return _defaults[type]


static func _to_json(value: Variant) -> Variant:
	match typeof(value):
		TYPE_VECTOR2, TYPE_VECTOR2I:
			return [value.x, value.y]
		TYPE_STRING_NAME:
			return str(value)
		TYPE_PACKED_FLOAT32_ARRAY, TYPE_PACKED_FLOAT64_ARRAY, TYPE_PACKED_INT32_ARRAY, \
				TYPE_PACKED_INT64_ARRAY, TYPE_PACKED_STRING_ARRAY, TYPE_ARRAY:
			return Array(value).map(_to_json)
		TYPE_BOOL, TYPE_INT, TYPE_FLOAT, TYPE_STRING, TYPE_NIL:
			return value
	return {"var": var_to_str(value)}


## A JSON value as a property of `type`, or null when it is not one.
static func _from_json(value: Variant, type: int) -> Variant:
	if value is Dictionary and (value as Dictionary).has("var"):
		var parsed: Variant = str_to_var(str(value["var"]))
		return parsed if typeof(parsed) == type else null
	match type:
		TYPE_BOOL:
			return value if value is bool else null
		TYPE_INT:
			return int(value) if _number(value) and value == floorf(value) else null
		TYPE_FLOAT:
			return float(value) if _number(value) else null
		TYPE_STRING:
			return value if value is String else null
		TYPE_STRING_NAME:
			return StringName(value) if value is String else null
		TYPE_VECTOR2:
			return Vector2(value[0], value[1]) if _pair(value) else null
		TYPE_VECTOR2I:
			return Vector2i(int(value[0]), int(value[1])) if _pair(value) else null
		TYPE_PACKED_FLOAT32_ARRAY:
			return PackedFloat32Array(value) if value is Array else null
		TYPE_PACKED_INT32_ARRAY:
			return PackedInt32Array(value) if value is Array else null
		TYPE_PACKED_STRING_ARRAY:
			return PackedStringArray(value) if value is Array else null
		TYPE_ARRAY:
			return value if value is Array else null
	return null


static func _number(value: Variant) -> bool:
	return value is int or value is float


static func _pair(value: Variant) -> bool:
	return value is Array and (value as Array).size() == 2 and _number(value[0]) \
		and _number(value[1])
