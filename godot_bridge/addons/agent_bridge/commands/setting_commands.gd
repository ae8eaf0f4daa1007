extends RefCounted
## Project settings as the running game sees them: get_setting reads one, and says whether the
## game changed it since launch, against the settings the bridge read before the game's first
## line ran (services.launch: those reset_game puts back). Read-only: a test changes a setting
## the way the game does (its settings menu), and reads here what that did.

const Codec := preload("../value_codec.gd")
const CommandError := preload("../command_error.gd")
const Services := preload("../services.gd")
## A missing setting's sentence names at most this many existing ones, each at least this alike
## (String.similarity), as an unknown command's does (dispatcher.gd).
const SUGGESTIONS := 3
const ALIKE := 0.5

var _launched: Dictionary  # setting -> its value at launch


func _init(services: Services) -> void:
	_launched = services.launch.settings


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("get_setting", _get_setting, {
		"name": {"type": "string",
			"description": "the setting's path, such as display/window/size/viewport_width"},
	}, "Read a project setting as the running game sees it, and whether the game changed it "
		+ "since launch.", "bridge")


func _get_setting(args: Dictionary) -> Variant:
	var name: String = args.name
	if not ProjectSettings.has_setting(name):
		return _missing(name)
	var value: Variant = ProjectSettings.get_setting(name)
	return {"name": name, "value": Codec.to_wire(value), "type": type_string(typeof(value)),
		"changed": _changed(name, value)}


## Whether `value` is not what the game launched with: another type counts (1 and 1.0 are
## equal to `!=`), so a change the value's JSON would hide still shows.
func _changed(name: String, value: Variant) -> bool:
	var launched: Variant = _launched.get(name)
	if not _launched.has(name):
		# Not there at launch: a setting the engine defines on first use launched with its
		# default (as game_reset.gd judges it); any other one the game added.
		launched = ProjectSettings.property_get_revert(name)
		if launched == null:
			return true
	return typeof(value) != typeof(launched) or value != launched


func _missing(name: String) -> CommandError:
	var close := _alike(name)
	var hint := " Did you mean: %s?" % ", ".join(close) if not close.is_empty() else ""
	return CommandError.not_found("There is no project setting '%s'.%s" % [name, hint])


## The existing settings whose names are most like `name`, most alike first.
static func _alike(name: String) -> PackedStringArray:
	var scored: Array = []
	for property: Dictionary in ProjectSettings.get_property_list():
		var known: String = property.name
		var score := known.similarity(name)
		if score >= ALIKE and ProjectSettings.has_setting(known):
			scored.append([score, known])
	scored.sort_custom(func(a: Array, b: Array) -> bool: return a[0] > b[0])
	var close := PackedStringArray()
	for entry: Array in scored.slice(0, SUGGESTIONS):
		close.append(entry[1])
	return close
