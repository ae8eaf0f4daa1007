extends RefCounted
## The game's user:// folder when its launch gave it one of its own (docs/PROTOCOL.md, section
## 1): the launcher points the engine's data folder (XDG_DATA_HOME, APPDATA) at a folder in
## the session folder and names it with --agent-user-dir, and keeps a copy of the folder the
## caller seeds user:// from in the session's user_seed/. The bridge checks that the engine
## took that folder, seeds user:// before the game's first `_ready`, and reset_game empties
## and seeds it again. Nothing here touches a folder outside the session folder, and links
## are removed, never followed.

## The copy of the seed folder, in the session folder (the launcher makes it).
const SEED_DIR := "user_seed"


## What user:// is for a game launched in `session` with --agent-user-dir=`home` ("" when
## the launch left the game the person's own folder), as hello and bridge.json report it:
## {"path": user:// on disk, "isolated": whether it is inside `home`}, and "expected": `home`
## when the engine ignored the override. An isolated user:// is seeded now.
static func start(session: String, home: String) -> Dictionary:
	var path := OS.get_user_data_dir()
	var isolated := home != "" and _inside(home, session) and _inside(path, home)
	var described := {"path": path, "isolated": isolated}
	if home != "" and not isolated:
		described["expected"] = home
	refill(described, session)
	return described


## The engine error for a game whose user:// is not the one its launch gave it ("" if it is).
static func problem(described: Dictionary) -> String:
	if not described.has("expected"):
		return ""
	return ("AgentBridge: the game's user:// folder is %s, not inside the launch's own %s: "
		+ "the engine ignored XDG_DATA_HOME / APPDATA here, so the game reads and writes "
		+ "that folder (launch with own_user_data to use it on purpose).") % [
		described.path, described.expected]


## Empties the game's user:// and copies the session's seed copy into it, when user:// is the
## launch's own (`described` as start() made it); the engine's own log file stays, as the
## engine keeps it open. Refuses a folder outside `session` or reached through a link.
static func refill(described: Dictionary, session: String) -> void:
	if not described.get("isolated", false):
		return
	var folder: String = described.path
	if not _inside(folder, session) or _through_link(folder, session):
		push_error("AgentBridge: %s is not a folder of the session %s: left as it is." % [
			folder, session])
		return
	var keep := _engine_log()
	_empty(folder, keep)
	var seed_copy := session.path_join(SEED_DIR)
	if DirAccess.dir_exists_absolute(seed_copy):
		_copy(seed_copy, folder, keep)


## Removes what `folder` holds but `keep`: a link as the link itself, never what it leads to.
## Returns whether the folder ended up empty.
static func _empty(folder: String, keep: String) -> bool:
	var dir := DirAccess.open(folder)
	if dir == null:
		return false
	dir.include_hidden = true
	var emptied := true
	for name: String in dir.get_directories():
		var path := folder.path_join(name)
		var cleared := dir.is_link(path) or _empty(path, keep)  # a link goes as itself
		if not (cleared and _removed(dir, path)):
			emptied = false
	for name: String in dir.get_files():
		var path := folder.path_join(name)
		if path == keep or not _removed(dir, path):
			emptied = false
	return emptied


static func _removed(dir: DirAccess, path: String) -> bool:
	if dir.remove(path) == OK:
		return true
	push_error("AgentBridge: could not remove %s from the game's user:// folder." % path)
	return false


## Copies the folder `from` into `to`, leaving out links and the file `keep`.
static func _copy(from: String, to: String, keep: String) -> void:
	DirAccess.make_dir_recursive_absolute(to)
	var dir := DirAccess.open(from)
	if dir == null:
		return
	dir.include_hidden = true
	for name: String in dir.get_directories():
		if not dir.is_link(from.path_join(name)):
			_copy(from.path_join(name), to.path_join(name), keep)
	for name: String in dir.get_files():
		var target := to.path_join(name)
		if target != keep and not dir.is_link(from.path_join(name)) \
				and DirAccess.copy_absolute(from.path_join(name), target) != OK:
			push_error("AgentBridge: could not copy %s into the game's user:// folder." % target)


## The log file the engine writes into user:// and holds open ("" when it writes none).
static func _engine_log() -> String:
	if not ProjectSettings.get_setting_with_override("debug/file_logging/enable_file_logging"):
		return ""
	return ProjectSettings.globalize_path(
		ProjectSettings.get_setting_with_override("debug/file_logging/log_path"))


## Whether `path` is inside `folder` (both absolute; `..` resolved, not links).
static func _inside(path: String, folder: String) -> bool:
	var outer := _normal(folder)
	return outer != "" and _normal(path).begins_with(outer + "/")


static func _normal(path: String) -> String:
	var normal := path.replace("\\", "/").simplify_path().trim_suffix("/")
	return normal.to_lower() if OS.get_name() == "Windows" else normal


## Whether a folder between `session` and `folder` (or `folder` itself) is a link.
static func _through_link(folder: String, session: String) -> bool:
	var dir := DirAccess.open(session)
	var path := folder
	while dir != null and _inside(path, session):
		if dir.is_link(path):
			return true
		path = path.get_base_dir()
	return dir == null
