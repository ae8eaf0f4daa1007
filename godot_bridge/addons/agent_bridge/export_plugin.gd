@tool
extends EditorExportPlugin
## Keeps the bridge out of release exports: every file of the addon but the autoload script is
## left out, and that script, finding itself in a release build, stays inert (it loads the rest
## only when it activates). Debug exports keep the whole addon; so do release exports of a
## project that sets agent_bridge/enable_in_release.

const RELEASE_SETTING := "agent_bridge/enable_in_release"
const AUTOLOAD_FILE := "agent_bridge.gd"

var _strip: bool = false


func _get_name() -> String:
	return "AgentBridge"


func _export_begin(_features: PackedStringArray, is_debug: bool, _path: String,
		_flags: int) -> void:
	_strip = leaves_out_addon(is_debug, ProjectSettings.get_setting(RELEASE_SETTING, false))


func _export_file(path: String, _type: String, _features: PackedStringArray) -> void:
	if _strip and is_stripped(path, (get_script() as Script).resource_path.get_base_dir()):
		skip()


## Whether an export leaves the addon out: release builds, unless the project opts in.
static func leaves_out_addon(is_debug: bool, enabled_in_release: bool) -> bool:
	return not is_debug and not enabled_in_release


## Whether `path` is one of the addon's files that a stripped export leaves out.
static func is_stripped(path: String, addon_dir: String) -> bool:
	return path.begins_with(addon_dir + "/") and path.get_file() != AUTOLOAD_FILE
