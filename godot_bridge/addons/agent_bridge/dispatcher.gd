extends RefCounted
## Parses request lines, validates them against the command table and runs the handler.
## Bridge commands and game-registered commands share one table and one set of rules.

const ArgSchema := preload("arg_schema.gd")
const Codec := preload("value_codec.gd")
const CommandError := preload("command_error.gd")

## How deeply a request's JSON may nest; deeper is INVALID_ARGS before anything reads it.
const MAX_DEPTH := 64

## name -> {"handler": Callable, "schema": Dictionary, "description": String, "source": String},
## or {"module": file, "source": "bridge"} for a bridge command whose module is not loaded yet.
var commands: Dictionary = {}
## Called with a module's file to load it and register its commands (the bridge's).
var module_loader: Callable


func register(name: String, handler: Callable, schema: Dictionary, description: String,
		source: String) -> void:
	commands[name] = {"handler": handler, "schema": schema, "description": description,
		"source": source}


## Bridge commands that `file` serves once loaded.
func defer(names: Array, file: String) -> void:
	for name: String in names:
		commands[name] = {"module": file, "source": "bridge"}


## The commands still waiting for `file` to be loaded.
func deferred_to(file: String) -> Array:
	var names: Array = []
	for name: String in commands:
		if commands[name].get("module", "") == file:
			names.append(name)
	return names


## Loads every module still waiting (for `hello` with schemas).
func load_all() -> void:
	for name: String in commands.keys():
		if commands.has(name) and commands[name].has("module"):
			module_loader.call(commands[name].module)


## Every command, sorted: {"name"}, plus "source": "game" for the game's own (the short form
## leaves the bridge's source out, so hello stays small); with `schemas` each has its
## "source", "description" and "args_schema" (a JSON Schema).
func describe_commands(schemas: bool) -> Array:
	var names := commands.keys()
	names.sort()
	var listed: Array = []
	for name: String in names:
		var entry: Dictionary = commands[name]
		var described := {"name": name}
		if schemas or entry.source != "bridge":
			described["source"] = entry.source
		if schemas:
			described["description"] = entry.description
			described["args_schema"] = ArgSchema.to_json_schema(entry.schema)
		listed.append(described)
	return listed


## Parses and checks one request line. Returns {"request": {"id", "cmd", "args"}} ready to
## run, or {"response": failure} when the line cannot run.
func prepare(line: String) -> Dictionary:
	var json := JSON.new()
	if json.parse(line) != OK:
		return {"response": failure(null, CommandError.PARSE_ERROR,
			"The line is not valid JSON (%s)." % json.get_error_message())}
	var request: Variant = json.data
	if _has_infinite(request):
		var bad_id: Variant = _normalize_id(request.get("id")) if request is Dictionary else null
		return {"response": failure(bad_id if bad_id is int or bad_id is String else null,
			CommandError.INVALID_ARGS, "Numbers must be finite (1e999 and the like are not).")}
	if _too_deep(request, MAX_DEPTH):
		var nested_id: Variant = _normalize_id(request.get("id")) if request is Dictionary \
			else null
		return {"response": failure(nested_id if nested_id is int or nested_id is String
			else null, CommandError.INVALID_ARGS,
			"The request nests deeper than %d levels." % MAX_DEPTH)}
	if not request is Dictionary:
		return {"response": failure(null, CommandError.INVALID_REQUEST,
			"A request must be a JSON object.")}
	var id: Variant = _normalize_id(request.get("id"))
	if not (id is int or id is String):
		return {"response": failure(null, CommandError.INVALID_REQUEST,
			"A request needs an \"id\" that is an integer or a string.")}
	var name: Variant = request.get("cmd")
	if not name is String:
		return {"response": failure(id, CommandError.INVALID_REQUEST,
			"A request needs a \"cmd\" string.")}
	var args: Variant = request.get("args", {})
	if args == null:
		args = {}
	if not args is Dictionary:
		return {"response": failure(id, CommandError.INVALID_REQUEST,
			"\"args\" must be a JSON object.")}
	if commands.has(name) and commands[name].has("module"):
		module_loader.call(commands[name].module)
	if not commands.has(name):
		return {"response": failure(id, CommandError.UNKNOWN_COMMAND,
			_unknown_command_sentence(name))}
	var checked := ArgSchema.validate(name, args, commands[name].schema)
	if not checked.ok:
		return {"response": failure(id, CommandError.INVALID_ARGS, checked.error)}
	return {"request": {"id": id, "cmd": name, "args": checked.args}}


## Runs a prepared request; returns the response without `events` and `frame`. May suspend
## (await) when the command waits for frames; bridge commands that wait find `token` (its
## "cancelled" turns true on a cancel request) as args._cancel and stop early. A handler
## stopped by a script error returns null, which the caller turns into INTERNAL.
func run(request: Dictionary, token: Dictionary) -> Variant:
	var entry: Dictionary = commands[request.cmd]
	if entry.source == "bridge":
		request.args["_cancel"] = token
	var result: Variant = await (entry.handler as Callable).call(request.args)
	if result is CommandError:
		return failure(request.id, result.code, result.message)
	# Bridge commands build wire values already; converting a 10,000-node tree again would
	# double the cost of get_tree. Game handlers return engine values.
	var data: Variant = Codec.to_wire(result) if entry.source == "game" else result
	return {"id": request.id, "ok": true, "data": data}


## Whether a parsed JSON value holds a number too big for a float (the parser reads 1e999 as
## infinity). Called once nesting is known to be shallow.
static func _has_infinite(value: Variant, levels: int = MAX_DEPTH) -> bool:
	if value is float:
		return not is_finite(value)
	if levels < 0:
		return false
	if value is Dictionary:
		for item: Variant in (value as Dictionary).values():
			if _has_infinite(item, levels - 1):
				return true
	elif value is Array:
		for item: Variant in value:
			if _has_infinite(item, levels - 1):
				return true
	return false


## Whether a parsed JSON value nests deeper than `levels` (checked without deep recursion).
static func _too_deep(value: Variant, levels: int) -> bool:
	if levels < 0:
		return true
	if value is Dictionary:
		for item: Variant in (value as Dictionary).values():
			if (item is Dictionary or item is Array) and _too_deep(item, levels - 1):
				return true
	elif value is Array:
		for item: Variant in value:
			if (item is Dictionary or item is Array) and _too_deep(item, levels - 1):
				return true
	return false


static func failure(id: Variant, code: String, sentence: String) -> Dictionary:
	return {"id": id, "ok": false, "error": sentence, "code": code}


## Godot's parser reads every JSON number as a float; a whole-number id goes back as an int.
static func _normalize_id(id: Variant) -> Variant:
	if id is float and is_finite(id) and id == floorf(id) and absf(id) < 9.0e15:
		return int(id)
	return id


func _unknown_command_sentence(name: String) -> String:
	var close: Array = []
	for known: String in commands:
		if known.similarity(name) > 0.5 or known.contains(name) or name.contains(known):
			close.append(known)
	var hint := " Did you mean: %s?" % ", ".join(close) if not close.is_empty() else ""
	return "Unknown command '%s'.%s Send 'hello' for the list." % [name, hint]
