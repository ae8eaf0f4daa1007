extends RefCounted
## Validates a request's `args` against a command's argument schema and converts JSON numbers
## to the declared types. A schema maps each argument name to
## {"type": "integer"|"number"|"string"|"boolean"|"array"|"object"|"any", "description": ...,
##  "items": {...}, "optional": true, "minimum": n, "maximum": n}; arguments are required unless
## optional. Numbers must be finite.


## Returns {"ok": true, "args": converted} or {"ok": false, "error": sentence}.
static func validate(command: String, args: Dictionary, schema: Dictionary) -> Dictionary:
	var out := {}
	for name: Variant in args:
		if not schema.has(name):
			var known: String = ", ".join(schema.keys()) if not schema.is_empty() else "none"
			return _fail("%s does not take an argument '%s' (arguments: %s)." % [
				command, name, known])
	for name: String in schema:
		var spec: Dictionary = schema[name]
		if not args.has(name):
			if spec.get("optional", false) or spec.has("default"):
				if spec.has("default"):
					out[name] = spec["default"]
				continue
			return _fail("%s needs the argument '%s' (%s)." % [
				command, name, describe(spec)])
		var checked := check_value(args[name], spec)
		if not checked.ok:
			return _fail("%s: argument '%s' must be %s, got %s." % [
				command, name, checked.error, JSON.stringify(args[name])])
		out[name] = checked.value
	return {"ok": true, "args": out}


## Checks one value against one property spec; converts whole numbers for "integer".
static func check_value(value: Variant, spec: Dictionary) -> Dictionary:
	var type: String = spec.get("type", "any")
	var result := {"ok": true, "value": value}
	match type:
		"integer":
			if not ((value is float and is_finite(value) and value == floorf(value)) \
					or value is int):
				return {"ok": false, "error": "an integer"}
			result.value = int(value)
		"number":
			if not (value is int or (value is float and is_finite(value))):
				return {"ok": false, "error": "a finite number"}
		"string":
			if not value is String:
				return {"ok": false, "error": "a string"}
		"boolean":
			if not value is bool:
				return {"ok": false, "error": "true or false"}
		"array":
			if not value is Array:
				return {"ok": false, "error": "an array"}
			result.value = _check_items(value, spec.get("items", {}))
			if result.value == null:
				return {"ok": false, "error": "an array of %s" % describe(spec.get("items", {}))}
		"object":
			if not value is Dictionary:
				return {"ok": false, "error": "an object"}
		_:
			result.value = preload("value_codec.gd").normalize_numbers(value)
	if spec.has("minimum") and (value is float or value is int) and value < spec["minimum"]:
		return {"ok": false, "error": "at least %s" % spec["minimum"]}
	if spec.has("maximum") and (value is float or value is int) and value > spec["maximum"]:
		return {"ok": false, "error": "at most %s" % spec["maximum"]}
	if spec.has("enum") and not (spec["enum"] as Array).has(result.value):
		return {"ok": false, "error": "one of %s" % JSON.stringify(spec["enum"])}
	return result


static func _check_items(values: Array, item_spec: Dictionary) -> Variant:
	var items: Array = []
	for item: Variant in values:
		var checked := check_value(item, item_spec)
		if not checked.ok:
			return null
		items.append(checked.value)
	return items


static func describe(spec: Dictionary) -> String:
	var type: String = spec.get("type", "any")
	if type == "array" and spec.has("items"):
		return "array of %s" % describe(spec["items"])
	return type


## The JSON Schema form that `hello` publishes.
static func to_json_schema(schema: Dictionary) -> Dictionary:
	var properties := {}
	var required: Array = []
	for name: String in schema:
		var spec: Dictionary = (schema[name] as Dictionary).duplicate(true)
		if not spec.get("optional", false) and not spec.has("default"):
			required.append(name)
		spec.erase("optional")
		if spec.get("type", "any") == "any":
			spec.erase("type")
		properties[name] = spec
	return {"type": "object", "properties": properties, "required": required,
		"additionalProperties": false}


static func _fail(sentence: String) -> Dictionary:
	return {"ok": false, "error": sentence}
