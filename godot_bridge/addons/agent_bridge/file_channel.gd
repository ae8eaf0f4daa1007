extends RefCounted
## The two-file transport: reads complete request lines appended to cmd.jsonl and appends
## response lines to resp.jsonl. Bytes after the last newline wait for the rest of their line.

const NEWLINE := 10

var session_dir: String
var _cmd_file: FileAccess
var _resp_file: FileAccess
var _read_offset: int = 0


func _init(p_session_dir: String) -> void:
	session_dir = p_session_dir


## Opens (creating when missing) both files. Reading starts at the end of cmd.jsonl so a
## file left by an earlier run is never replayed. Returns an error sentence, or "".
func open() -> String:
	DirAccess.make_dir_recursive_absolute(session_dir)
	var cmd_path := session_dir.path_join("cmd.jsonl")
	var resp_path := session_dir.path_join("resp.jsonl")
	for path: String in [cmd_path, resp_path]:
		if not FileAccess.file_exists(path):
			var created := FileAccess.open(path, FileAccess.WRITE)
			if created == null:
				return "cannot create %s: %s" % [path, error_string(FileAccess.get_open_error())]
			created.close()
	_cmd_file = FileAccess.open(cmd_path, FileAccess.READ)
	_resp_file = FileAccess.open(resp_path, FileAccess.READ_WRITE)
	if _cmd_file == null or _resp_file == null:
		return "cannot open the session files in %s" % session_dir
	_read_offset = _cmd_file.get_length()
	_resp_file.seek_end()
	return ""


## The complete lines appended since the last call, without their newlines.
func read_lines() -> PackedStringArray:
	var length := _cmd_file.get_length()
	if length <= _read_offset:
		return PackedStringArray()
	_cmd_file.seek(_read_offset)
	var chunk := _cmd_file.get_buffer(length - _read_offset)
	var last_newline := chunk.rfind(NEWLINE)
	if last_newline < 0:
		return PackedStringArray()
	_read_offset += last_newline + 1
	var text := chunk.slice(0, last_newline).get_string_from_utf8()
	return text.split("\n", false)


func write_line(text: String) -> void:
	_resp_file.store_string(text)  # no `text + "\n"`: that copies a 2 MB tree once more
	_resp_file.store_8(NEWLINE)
	_resp_file.flush()


## Writes bridge.json through a temporary name so a reader never sees half of it.
func write_ready_file(info: Dictionary) -> void:
	var final_path := session_dir.path_join("bridge.json")
	var temp_path := final_path + ".tmp"
	var file := FileAccess.open(temp_path, FileAccess.WRITE)
	file.store_string(JSON.stringify(info))
	file.close()
	DirAccess.rename_absolute(temp_path, final_path)
