extends RefCounted
## Line and branch coverage of the game's own scripts (docs/COVERAGE.md). The launcher wrote
## a counting copy of each project script into the session's coverage folder (the same
## lines, with counters added inside them) and a manifest naming them. Before the game's
## first script runs, each script is loaded and its source swapped for the copy, recompiled
## in place: the engine's caches then hand the counting script to every scene, preload,
## autoload and class name that asks later, and stacks still name the user's file and line.
## The counters are a static PackedInt64Array in each script and in each of its inner
## classes (which cannot reach their outer class's statics), added up by `counts()`.

const MANIFEST := "manifest.json"
## What the game counted, written when the game ends (and read by a client after it quit).
const COUNTS_FILE := "counts.json"
## The prefix of every member the counting copies add: reset_game leaves those statics be.
const PREFIX := "__agent_cov_"

var _folder: String
## {"path", "script", "counters": [[class, member]...], "probes"} per counting script.
## Holding the scripts keeps them in the cache: a script nobody holds would be freed and
## loaded again from the user's file.
var _counting: Array[Dictionary] = []
## {"path", "reason"} per script that runs as it is (its copy failed, its file changed).
var _failed: Array[Dictionary] = []


func _init(folder: String) -> void:
	_folder = folder


## Swaps every script of the manifest for its counting copy. A copy that does not compile
## is taken back (the script runs uncounted) and named with the engine's message, as is a
## script that does not load or whose file changed since it was instrumented. The engine's
## messages about the copies go to a logger of their own, not to the game's errors.
func instrument() -> void:
	var manifest: Variant = JSON.parse_string(
		FileAccess.get_file_as_string(_folder.path_join(MANIFEST)))
	if not manifest is Dictionary:
		push_error("AgentBridge: no coverage manifest in %s; nothing is counted." % _folder)
		return
	var messages: Object = preload("error_log.gd").new()  # a Logger (4.5+), as the bridge's
	OS.call("add_logger", messages)
	for entry: Dictionary in manifest.get("scripts", []):
		messages.take()
		var reason := _instrument(entry)
		if reason != "":
			var said: Array[Dictionary] = messages.take()
			if not said.is_empty():
				reason += ": " + said[0].message
			_failed.append({"path": entry.path, "reason": reason})
	OS.call("remove_logger", messages)


## "" once `entry`'s script counts, else why it does not.
func _instrument(entry: Dictionary) -> String:
	var path: String = entry.path
	if FileAccess.get_sha256(path) != entry.sha256:
		return "the file changed after it was instrumented"
	var copy := FileAccess.get_file_as_string(_folder.path_join(entry.file))
	if copy == "":
		return "its instrumented copy is missing"
	var script := ResourceLoader.load(path, "GDScript") as GDScript
	if script == null:
		return "it does not load"
	if not script.can_instantiate():  # the user's own script does not compile: left as it is
		return "it does not compile as it is"
	var original := script.source_code
	script.source_code = copy
	var error := script.reload()
	if error == ERR_ALREADY_IN_USE:  # its static initializers made instances already
		error = script.reload(true)
	if error == OK and _counters(script, entry.counters, entry.probes) != null:
		_counting.append({"path": path, "script": script, "counters": entry.counters,
			"probes": entry.probes})
		return ""
	script.source_code = original
	script.reload(true)
	return "its instrumented copy does not compile (%s)" % error_string(error) if error != OK \
		else "its counters are missing after compiling"


## The sum of a counting script's arrays (its own and its inner classes'), or null when one
## is missing.
static func _counters(script: GDScript, counters: Array, probes: int) -> Variant:
	if counters.size() == 1 and counters[0][0] == "":
		var own: Variant = script.get(counters[0][1])
		return own if own is PackedInt64Array and (own as PackedInt64Array).size() == probes \
			else null
	var total := PackedInt64Array()
	total.resize(probes)
	total.fill(0)
	for counter: Array in counters:
		var owner: Variant = script
		for name: String in (counter[0] as String).split("/", false):
			owner = (owner as GDScript).get_script_constant_map().get(name) \
				if owner is GDScript else null
		var counts: Variant = owner.get(counter[1]) if owner is GDScript else null
		if not counts is PackedInt64Array or (counts as PackedInt64Array).size() != probes:
			return null
		for index: int in probes:
			total[index] += counts[index]
	return total


## `coverage`: the counters of every counting script, by res:// path, and the scripts that
## run uncounted, with why.
func counts() -> Dictionary:
	var scripts := {}
	for entry: Dictionary in _counting:
		scripts[entry.path] = _counters(entry.script, entry.counters, entry.probes)
	return {"scripts": scripts, "failed": _failed}


## The counters as a file in the coverage folder, for a client that reads them after the
## game ended (written at the end of the game, to a temporary name and then renamed).
func write() -> void:
	var final_path := _folder.path_join(COUNTS_FILE)
	var temp_path := final_path + ".tmp"
	var file := FileAccess.open(temp_path, FileAccess.WRITE)
	if file == null:
		push_error("AgentBridge: cannot write %s." % temp_path)
		return
	file.store_string(JSON.stringify(counts(), "", false))
	file.close()
	DirAccess.rename_absolute(temp_path, final_path)
