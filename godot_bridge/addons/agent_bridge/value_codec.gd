extends RefCounted
## Converts engine values to JSON-safe wire values and JSON values to a target's declared type.
## The mapping is the table in docs/PROTOCOL.md, section 4.

const Items := preload("items.gd")

const NAN_TEXT := "NaN"
const INF_TEXT := "Infinity"
const NEG_INF_TEXT := "-Infinity"

## Packed arrays and the element type each holds.
const PACKED_ELEMENT_TYPES := {
	TYPE_PACKED_BYTE_ARRAY: TYPE_INT, TYPE_PACKED_INT32_ARRAY: TYPE_INT,
	TYPE_PACKED_INT64_ARRAY: TYPE_INT, TYPE_PACKED_FLOAT32_ARRAY: TYPE_FLOAT,
	TYPE_PACKED_FLOAT64_ARRAY: TYPE_FLOAT, TYPE_PACKED_STRING_ARRAY: TYPE_STRING,
	TYPE_PACKED_VECTOR2_ARRAY: TYPE_VECTOR2, TYPE_PACKED_VECTOR3_ARRAY: TYPE_VECTOR3,
	TYPE_PACKED_COLOR_ARRAY: TYPE_COLOR, TYPE_PACKED_VECTOR4_ARRAY: TYPE_VECTOR4,
}

## Object references on the wire are node paths; resolved against this root.
static var tree_root: Node


# --- engine -> wire ----------------------------------------------------------------------------

## `by_kind`: what only identifies an engine object (a RID, the object of a Callable or a
## Signal, the name the engine gave a node out of the tree) as its kind alone, as a digest
## hashes it: those differ between a launch and a reset of the same game.
static func to_wire(value: Variant, by_kind: bool = false) -> Variant:
	if PACKED_ELEMENT_TYPES.has(typeof(value)):
		return to_wire(Array(value), by_kind)
	if by_kind:
		var kind: Variant = _kind_only(value)
		if kind != null:
			return kind
	match typeof(value):
		TYPE_NIL, TYPE_BOOL, TYPE_INT, TYPE_STRING:
			return value
		TYPE_FLOAT:
			return float_to_wire(value)
		TYPE_STRING_NAME, TYPE_NODE_PATH:
			return str(value)
		TYPE_VECTOR2, TYPE_VECTOR2I:
			return {"x": float_to_wire(value.x), "y": float_to_wire(value.y)}
		TYPE_VECTOR3, TYPE_VECTOR3I:
			return {"x": float_to_wire(value.x), "y": float_to_wire(value.y),
				"z": float_to_wire(value.z)}
		TYPE_VECTOR4, TYPE_VECTOR4I, TYPE_QUATERNION:
			return {"x": float_to_wire(value.x), "y": float_to_wire(value.y),
				"z": float_to_wire(value.z), "w": float_to_wire(value.w)}
		TYPE_RECT2, TYPE_RECT2I:
			return {"x": value.position.x, "y": value.position.y,
				"w": value.size.x, "h": value.size.y}
		TYPE_COLOR:
			var color: Color = value
			return {"r": color.r, "g": color.g, "b": color.b, "a": color.a,
				"html": "#" + color.to_html(true)}
		TYPE_OBJECT:
			return object_to_wire(value)
		TYPE_ARRAY:
			var items: Array = []
			for item: Variant in value:
				items.append(to_wire(item, by_kind))
			return items
		TYPE_DICTIONARY:
			var out := {}
			for key: Variant in value:
				out[key if key is String else str(key)] = to_wire(value[key], by_kind)
			return out
	return {"type": type_string(typeof(value)), "value": str(value)}


## `value` as its kind alone when it only identifies an engine object (see to_wire), else null.
static func _kind_only(value: Variant) -> Variant:
	match typeof(value):
		TYPE_RID:
			return "RID" if (value as RID).is_valid() else "RID()"
		TYPE_CALLABLE:
			return "Callable " + String((value as Callable).get_method())
		TYPE_SIGNAL:
			return "Signal " + String((value as Signal).get_name())
		TYPE_OBJECT:
			if is_instance_valid(value) and value is Node and not value.is_inside_tree() \
					and String(value.name).begins_with("@"):
				return {"node": "@" + (value as Node).get_class()}
	return null


static func float_to_wire(number: float) -> Variant:
	if is_nan(number):
		return NAN_TEXT
	if is_inf(number):
		return INF_TEXT if number > 0 else NEG_INF_TEXT
	return number


static func object_to_wire(object: Object) -> Variant:
	if object == null or not is_instance_valid(object):
		return null
	if object is Node:
		var node: Node = object
		return {"node": str(node.get_path()) if node.is_inside_tree() else String(node.name)}
	if object is TreeItem:
		var item: TreeItem = object
		return {"tree_item": Items.row_path(item.get_tree(), item)}
	if object is Resource:
		return {"class": object.get_class(), "resource_path": (object as Resource).resource_path}
	return {"class": object.get_class()}


# --- wire -> engine ----------------------------------------------------------------------------

## Whole-number floats (Godot's JSON parser reads every number as a float) become ints,
## recursively: what an untyped target receives.
static func normalize_numbers(value: Variant) -> Variant:
	match typeof(value):
		TYPE_FLOAT:
			var number: float = value
			if is_finite(number) and number == floorf(number) and absf(number) < 9.0e15:
				return int(number)
			return number
		TYPE_ARRAY:
			var items: Array = []
			for item: Variant in value:
				items.append(normalize_numbers(item))
			return items
		TYPE_DICTIONARY:
			var out := {}
			for key: Variant in value:
				out[key] = normalize_numbers(value[key])
			return out
	return value


## Converts a JSON value to `type` (a Variant.Type). Returns {"ok": true, "value": v} or
## {"ok": false, "error": "what was expected"}; never a silent default.
static func from_wire(value: Variant, type: int, hint: int = PROPERTY_HINT_NONE,
		hint_string: String = "") -> Dictionary:
	if PACKED_ELEMENT_TYPES.has(type):
		return _to_packed(value, type)
	match type:
		TYPE_NIL:
			return _ok(normalize_numbers(value))
		TYPE_BOOL:
			if value is bool:
				return _ok(value)
			return _fail("true or false")
		TYPE_INT:
			return _to_int(value, hint, hint_string)
		TYPE_FLOAT:
			return _to_float(value)
		TYPE_STRING:
			return _ok(value) if value is String else _fail("a string")
		TYPE_STRING_NAME:
			return _ok(StringName(value)) if value is String else _fail("a string")
		TYPE_NODE_PATH:
			return _ok(NodePath(value)) if value is String else _fail("a node path string")
		TYPE_VECTOR2, TYPE_VECTOR2I, TYPE_VECTOR3, TYPE_VECTOR3I, TYPE_VECTOR4, TYPE_VECTOR4I:
			return _to_vector(value, type)
		TYPE_RECT2, TYPE_RECT2I:
			return _to_rect(value, type)
		TYPE_COLOR:
			return _to_color(value)
		TYPE_OBJECT:
			return _to_object(value)
		TYPE_ARRAY:
			return _to_array(value, hint, hint_string)
		TYPE_DICTIONARY:
			return _ok(normalize_numbers(value)) if value is Dictionary else _fail("an object")
	return _fail("a %s (not settable from JSON)" % type_string(type))


static func _ok(value: Variant) -> Dictionary:
	return {"ok": true, "value": value}


static func _fail(expected: String) -> Dictionary:
	return {"ok": false, "error": expected}


static func _to_int(value: Variant, hint: int, hint_string: String) -> Dictionary:
	if value is float and is_finite(value) and value == floorf(value):
		return _ok(int(value))
	if value is int:
		return _ok(value)
	if value is String and (hint == PROPERTY_HINT_ENUM or hint == PROPERTY_HINT_FLAGS):
		var found: Variant = _enum_value(value, hint_string)
		if found != null:
			return _ok(found)
		return _fail("a whole number or one of: %s" % hint_string)
	return _fail("a whole number")


## Matches "Ignore", "ignore" or "MOUSE_FILTER_IGNORE" against an enum hint "Stop,Pass,Ignore"
## (values implicit) or "A:0,B:5" (values explicit).
static func _enum_value(text: String, hint_string: String) -> Variant:
	var wanted := text.strip_edges().to_upper().replace(" ", "_")
	var next_value := 0
	for entry: String in hint_string.split(","):
		var parts := entry.split(":")
		var label := parts[0].strip_edges().to_upper().replace(" ", "_")
		var number := int(parts[1]) if parts.size() > 1 else next_value
		next_value = number + 1
		if label.is_empty():
			continue
		if wanted == label or wanted.ends_with("_" + label):
			return number
	return null


static func _to_float(value: Variant) -> Dictionary:
	if value is float or value is int:
		return _ok(float(value))
	match value:
		NAN_TEXT:
			return _ok(NAN)
		INF_TEXT:
			return _ok(INF)
		NEG_INF_TEXT:
			return _ok(-INF)
	return _fail("a number (or \"NaN\", \"Infinity\", \"-Infinity\")")


const _AXES := ["x", "y", "z", "w"]


static func _axis_count(type: int) -> int:
	match type:
		TYPE_VECTOR2, TYPE_VECTOR2I:
			return 2
		TYPE_VECTOR3, TYPE_VECTOR3I:
			return 3
	return 4


## Reads `count` numbers from [a, b, ...] or {keys[0]: a, ...}; null when the shape is wrong.
static func _numbers(value: Variant, keys: Array, count: int) -> Variant:
	var numbers: Array[float] = []
	if value is Array and (value as Array).size() == count:
		for item: Variant in value:
			if not (item is float or item is int):
				return null
			numbers.append(float(item))
		return numbers
	if value is Dictionary:
		for i in count:
			var item: Variant = (value as Dictionary).get(keys[i])
			if not (item is float or item is int):
				return null
			numbers.append(float(item))
		return numbers
	return null


static func _to_vector(value: Variant, type: int) -> Dictionary:
	var count := _axis_count(type)
	var n: Variant = _numbers(value, _AXES, count)
	var axes := ", ".join(_AXES.slice(0, count))
	if n == null:
		return _fail("{%s} or [%s]" % [axes, axes])
	match type:
		TYPE_VECTOR2:
			return _ok(Vector2(n[0], n[1]))
		TYPE_VECTOR2I:
			return _ok(Vector2i(int(n[0]), int(n[1])))
		TYPE_VECTOR3:
			return _ok(Vector3(n[0], n[1], n[2]))
		TYPE_VECTOR3I:
			return _ok(Vector3i(int(n[0]), int(n[1]), int(n[2])))
		TYPE_VECTOR4I:
			return _ok(Vector4i(int(n[0]), int(n[1]), int(n[2]), int(n[3])))
	return _ok(Vector4(n[0], n[1], n[2], n[3]))


static func _to_rect(value: Variant, type: int) -> Dictionary:
	var n: Variant = _numbers(value, ["x", "y", "w", "h"], 4)
	if n == null:
		return _fail("{x, y, w, h} or [x, y, w, h]")
	if type == TYPE_RECT2I:
		return _ok(Rect2i(int(n[0]), int(n[1]), int(n[2]), int(n[3])))
	return _ok(Rect2(n[0], n[1], n[2], n[3]))


static func _to_color(value: Variant) -> Dictionary:
	if value is String:
		var text: String = value
		if Color.html_is_valid(text):
			return _ok(Color.html(text))
		var named := Color.from_string(text, Color(0, 0, 0, -1))
		if named.a >= 0.0:
			return _ok(named)
		return _fail("\"#rrggbb\", \"#rrggbbaa\", a color name, {r, g, b, a} or [r, g, b, a]")
	var rgba: Variant = _numbers(value, ["r", "g", "b", "a"], 4)
	if rgba == null:
		rgba = _numbers(value, ["r", "g", "b"], 3)
		if rgba != null:
			rgba.append(1.0)
	if rgba == null:
		return _fail("\"#rrggbb\", \"#rrggbbaa\", a color name, {r, g, b, a} or [r, g, b, a]")
	return _ok(Color(rgba[0], rgba[1], rgba[2], rgba[3]))


static func _to_object(value: Variant) -> Dictionary:
	if value == null:
		return _ok(null)
	var path: Variant = value.get("node") if value is Dictionary else value
	if path is String and tree_root != null:
		var node := tree_root.get_node_or_null(NodePath(path))
		if node != null:
			return _ok(node)
		return _fail("a path of an existing node (no node at %s)" % path)
	return _fail("a node path string, {\"node\": path} or null")


const _TYPE_BY_NAME := {
	"bool": TYPE_BOOL, "int": TYPE_INT, "float": TYPE_FLOAT, "String": TYPE_STRING,
	"StringName": TYPE_STRING_NAME, "NodePath": TYPE_NODE_PATH, "Vector2": TYPE_VECTOR2,
	"Vector2i": TYPE_VECTOR2I, "Vector3": TYPE_VECTOR3, "Vector3i": TYPE_VECTOR3I,
	"Color": TYPE_COLOR, "Rect2": TYPE_RECT2, "Dictionary": TYPE_DICTIONARY, "Array": TYPE_ARRAY,
}


static func _to_array(value: Variant, hint: int, hint_string: String) -> Dictionary:
	if not value is Array:
		return _fail("an array")
	var element_type := _array_element_type(hint, hint_string)
	var items: Array = []
	for item: Variant in value:
		var converted := from_wire(item, element_type)
		if not converted.ok:
			return _fail("an array of %s" % type_string(element_type))
		items.append(converted.value)
	if element_type != TYPE_NIL and element_type != TYPE_OBJECT:
		return _ok(Array(items, element_type, &"", null))
	return _ok(items)


## A typed array's element type: exported ones carry "4:" (PROPERTY_HINT_TYPE_STRING, the
## number being the Variant type), others a type name (PROPERTY_HINT_ARRAY_TYPE).
static func _array_element_type(hint: int, hint_string: String) -> int:
	if hint == PROPERTY_HINT_TYPE_STRING:
		var head := hint_string.get_slice(":", 0).get_slice("/", 0)
		return int(head) if head.is_valid_int() else TYPE_NIL
	if hint == PROPERTY_HINT_ARRAY_TYPE:
		return _TYPE_BY_NAME.get(hint_string, TYPE_OBJECT)
	return TYPE_NIL


static func _to_packed(value: Variant, type: int) -> Dictionary:
	if not value is Array:
		return _fail("an array")
	var element_type: int = PACKED_ELEMENT_TYPES[type]
	var items: Array = []
	for item: Variant in value:
		var converted := from_wire(item, element_type)
		if not converted.ok:
			return _fail("an array of %s" % type_string(element_type))
		items.append(converted.value)
	return _ok(type_convert(items, type))
