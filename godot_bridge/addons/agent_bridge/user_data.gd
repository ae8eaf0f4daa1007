extends RefCounted
## The game's user:// folder when its launch gave it one of its own (docs/PROTOCOL.md, section
## 1): the launcher points the engine's data folder (XDG_DATA_HOME, APPDATA) at a folder in
## the session folder and names it with --agent-user-dir, and keeps a copy of the folder the
## caller seeds user:// from in the session's user_seed/. The bridge checks that the engine
## took that folder, seeds user:// before the game's first line runs, and reset_game empties
## and seeds it again. Nothing here touches a folder outside the session folder, and links
## are removed, never followed.

## The copy of the seed folder, in the session folder (the launcher makes it).
const SEED_DIR := "user_seed"


## What user:// is for a game launched in `session` with --agent-user-dir=`home` ("" when
## the launch left the game the person's own folder), as hello and bridge.json report it:
## {"path": user:// on disk, "isolated": whether it is inside `home`}; when isolated, "kept":
## what the engine made in it before any script ran (its log, its shader cache), which a reset
## leaves; "expected": `home` when the engine ignored the override. An isolated user:// gets
## the seed now.
static func start(session: String, home: String) -> Dictionary:
	var path := OS.get_user_data_dir()
	var isolated := home != "" and _inside(home, session) and _inside(path, home)
	var described := {"path": path, "isolated": isolated}
	if isolated:
		described["kept"] = _entries(path)
		if _usable(described, session):
			_seed(described, session)
	elif home != "":
		described["expected"] = home
	return described


## The engine error for a game whose user:// is not the one its launch gave it ("" if it is).
static func problem(described: Dictionary) -> String:
	if not described.has("expected"):
		return ""
	return ("AgentBridge: the game's user:// folder is %s, not inside the launch's own %s: "
		+ "the engine ignored XDG_DATA_HOME / APPDATA here, so the game reads and writes "
		+ "that folder (launch with own_user_data to use it on purpose).") % [
		described.path, described.expected]


## Empties the game's user:// but for the engine's own entries and copies the seed in again,
## when user:// is the launch's own (`described` as start() made it); else does nothing.
static func refill(described: Dictionary, session: String) -> void:
	if _usable(described, session):
		_empty(described.path, described.kept)
		_seed(described, session)


## Whether user:// is the launch's own and safe to work in: inside `session`, not reached
## through a link.
static func _usable(described: Dictionary, session: String) -> bool:
	if not described.get("isolated", false):
		return false
	var folder: String = described.path
	if _inside(folder, session) and not _through_link(folder, session):
		return true
	push_error("AgentBridge: %s is not a folder of the session %s: left as it is." % [
		folder, session])
	return false


## Copies the session's seed copy, when there is one, into user:// (not into the kept entries).
static func _seed(described: Dictionary, session: String) -> void:
	var seed_copy := session.path_join(SEED_DIR)
	if DirAccess.dir_exists_absolute(seed_copy):
		_copy(seed_copy, described.path, described.kept)


## The names of what `folder` holds, folders and files.
static func _entries(folder: String) -> Array[String]:
	var names: Array[String] = []
	var dir := DirAccess.open(folder)
	if dir != null:
		dir.include_hidden = true
		names.append_array(dir.get_directories())
		names.append_array(dir.get_files())
	return names


## Removes what `folder` holds but the entries named in `skip`: a link as the link itself,
## never what it leads to. Returns whether the folder ended up empty.
static func _empty(folder: String, skip: Array = []) -> bool:
	var dir := DirAccess.open(folder)
	if dir == null:
		return false
	dir.include_hidden = true
	var emptied := true
	for name: String in dir.get_directories():
		var path := folder.path_join(name)
		# A link goes as itself; a folder once it is empty.
		if name in skip or not ((dir.is_link(path) or _empty(path)) and _removed(dir, path)):
			emptied = false
	for name: String in dir.get_files():
		if name in skip or not _removed(dir, folder.path_join(name)):
			emptied = false
	return emptied


static func _removed(dir: DirAccess, path: String) -> bool:
	if dir.remove(path) == OK:
		return true
	push_error("AgentBridge: could not remove %s from the game's user:// folder." % path)
	return false


## Copies the folder `from` into `to`, leaving out links and the entries named in `skip`.
static func _copy(from: String, to: String, skip: Array = []) -> void:
	DirAccess.make_dir_recursive_absolute(to)
	var dir := DirAccess.open(from)
	if dir == null:
		return
	dir.include_hidden = true
	for name: String in dir.get_directories():
		if not (name in skip or dir.is_link(from.path_join(name))):
			_copy(from.path_join(name), to.path_join(name))
	for name: String in dir.get_files():
		var target := to.path_join(name)
		if not (name in skip or dir.is_link(from.path_join(name))) \
				and DirAccess.copy_absolute(from.path_join(name), target) != OK:
			push_error("AgentBridge: could not copy %s into the game's user:// folder." % target)


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
