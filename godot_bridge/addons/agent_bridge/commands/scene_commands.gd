extends RefCounted
## The current scene: change_scene switches it and answers once the new one is in the tree.
## (A whole fresh game, autoloads and all: reset_commands.gd.)

const CommandError := preload("../command_error.gd")
const Services := preload("../services.gd")

## How long a scene change may take to show its scene.
const SCENE_CHANGE_MS := 10000

var _tree: SceneTree
var _clock: Services.Clock
var _settled: Services.SettledCheck


func _init(services: Services) -> void:
	_tree = services.bridge.get_tree()
	_clock = services.clock
	_settled = services.settled


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("change_scene", _change_scene, {
		"path": {"type": "string", "description": "a res:// (or uid://) scene file"},
	}, "Switch the current scene; answers once the new scene is in the tree.", "bridge")


func _change_scene(args: Dictionary) -> Variant:
	var path: Variant = scene_file(args.path)
	if path is RefCounted:
		return path
	_settled.scene_change_pending = true
	var error := _tree.change_scene_to_file(path)
	if error != OK:
		_settled.scene_change_pending = false
		return CommandError.invalid_args("Cannot change to %s: %s." % [
			path, error_string(error)])
	var end := _clock.deadline(SCENE_CHANGE_MS)
	while _tree.current_scene == null or _tree.current_scene.scene_file_path != path:
		if _clock.expired(end) or args._cancel.cancelled:
			_settled.scene_change_pending = false
			return CommandError.timeout("%s did not appear within 10 s." % path)
		await _clock.next_frame()
	_settled.scene_change_pending = false
	# The scene_changed event comes from the tree itself, as for the game's own changes.
	return {"scene": path, "root": str(_tree.current_scene.get_path())}


## The res:// scene file a scene argument names (a res:// path, or a uid:// as Godot 4.4 and
## later store the main scene), or the CommandError that says why there is none.
static func scene_file(scene: String) -> Variant:
	var path := scene
	if scene.begins_with("uid://"):
		var id := ResourceUID.text_to_id(scene)
		if id == ResourceUID.INVALID_ID or not ResourceUID.has_id(id):
			return CommandError.not_found("There is no scene file %s in the project." % scene)
		path = ResourceUID.get_id_path(id)
	var outside := project_path_problem(path)
	if outside != "":
		return CommandError.invalid_args(outside)
	if not ResourceLoader.exists(path, "PackedScene"):
		return CommandError.not_found("There is no scene file %s." % scene)
	return path


## Why `path` is not a file inside the project (res://), or "": a path argument must never
## reach outside it, however it is spelt.
static func project_path_problem(path: String) -> String:
	if not path.begins_with("res://"):
		return "%s is not a res:// path: scenes are named inside the project." % path
	var inside := path.trim_prefix("res://")
	if inside.contains("\\") or inside.begins_with("/") or inside.contains(":") \
			or ".." in inside.split("/"):
		return "%s reaches outside the project: use a plain res:// path." % path
	return ""
