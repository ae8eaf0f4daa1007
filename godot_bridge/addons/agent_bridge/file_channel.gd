extends RefCounted
## The two-file transport: reads complete request lines appended to cmd.jsonl and appends
## response lines to resp.jsonl. Lines are split as bytes; bytes after the last newline wait
## for the rest of their line. A line that cannot be a request (a NUL byte, invalid UTF-8,
## longer than MAX_LINE_BYTES) is refused on its own, never echoed, and the lines around it are
## read as usual. Files another process deleted or truncated are recreated or re-read (and the
## engine log says so); a failed write is an engine error, never silent.
##
## Both files are segments, so disk use stays bounded however long a run is (docs/PROTOCOL.md,
## section 2): once resp.jsonl passes RESP_SEGMENT_BYTES the bridge ends it with a line
## {"next": "resp.1.jsonl"} and goes on there, deleting the segment before the previous one
## (retried later while a reader on Windows still holds it open). Clients do the same for
## commands: a line {"next": "cmd.1.jsonl"} sends the bridge on to that file.

const NEWLINE := 10
## The longest request line read; longer ones are skipped unread and refused.
const MAX_LINE_BYTES := 1048576
## Bytes read from cmd.jsonl per frame at most, so a flood cannot stall the game.
const READ_BUDGET := 4194304
## How often the files are checked for having been deleted or truncated.
const CHECK_EVERY_MSEC := 500
## Bytes of an over-long line kept to find its id.
const HEAD_BYTES := 256
## Bytes of a refused line named in its answer (as hex), so its writer knows it is theirs.
const NAMED_BYTES := 32
## A response segment is ended once it holds this much; two are kept.
const RESP_SEGMENT_BYTES := 16777216
## The line starting a "go on in another file" marker.
const NEXT_MARK := "{\"next\":"

static var _id_pattern := RegEx.create_from_string(
	"^\\s*\\{\\s*\"id\"\\s*:\\s*(-?\\d{1,15}|\"(?:[^\"\\\\]|\\\\.){0,64}\")\\s*[,}]")
## What JSON.stringify leaves raw but no JSON reader takes: control characters (it escapes only
## \b \f \n \r \t) and code points UTF-8 cannot carry (lone surrogates, past U+10FFFF), which
## the file would get as invalid bytes. The engine's RegEx is not in UTF mode, so it finds them.
static var _unsafe_pattern := RegEx.create_from_string(
	"[\\x00-\\x1f\\x{d800}-\\x{dfff}\\x{110000}-\\x{7fffffff}]")

var session_dir: String
var _cmd_path: String
var _resp_path: String
var _resp_segment: int = 0
## Segments to delete once no reader holds them open any more.
var _stale: PackedStringArray = []
var _cmd_file: FileAccess
var _resp_file: FileAccess
var _read_offset: int = 0
var _skipping: bool = false
var _skipped_bytes: int = 0
var _skip_head := PackedByteArray()
var _next_check_msec: int = 0


func _init(p_session_dir: String) -> void:
	session_dir = p_session_dir
	_cmd_path = session_dir.path_join("cmd.jsonl")
	_resp_path = session_dir.path_join("resp.jsonl")


## Opens (creating when missing) both files. Reading starts at the end of cmd.jsonl so a
## file left by an earlier run is never replayed. Returns an error sentence, or "".
func open() -> String:
	DirAccess.make_dir_recursive_absolute(session_dir)
	var error := _open_cmd() + _open_resp()
	if error != "":
		return error
	_read_offset = _cmd_file.get_length()
	return ""


func _open_cmd() -> String:
	if not FileAccess.file_exists(_cmd_path):
		var created := _create_private(_cmd_path)
		if created != "":
			return created
	_cmd_file = FileAccess.open(_cmd_path, FileAccess.READ)
	return "" if _cmd_file != null else "cannot open %s: %s" % [_cmd_path,
		error_string(FileAccess.get_open_error())]


func _open_resp() -> String:
	if not FileAccess.file_exists(_resp_path):
		var created := _create_private(_resp_path)
		if created != "":
			return created
	_resp_file = FileAccess.open(_resp_path, FileAccess.READ_WRITE)
	if _resp_file == null:
		return "cannot open %s: %s" % [_resp_path, error_string(FileAccess.get_open_error())]
	_resp_file.seek_end()
	return ""


## Creates an empty file only its owner can read and write (the folder is private too).
static func _create_private(path: String) -> String:
	var created := FileAccess.open(path, FileAccess.WRITE)
	if created == null:
		return "cannot create %s: %s" % [path, error_string(FileAccess.get_open_error())]
	created.close()
	FileAccess.set_unix_permissions(path, FileAccess.UNIX_READ_OWNER | FileAccess.UNIX_WRITE_OWNER)
	return ""


## The lines appended since the last call, in order, each {"text": String} or, for a line
## that cannot be a request, {"refused": code, "error": sentence, "id": its id if readable,
## "head": its first bytes as hex}.
func read_lines() -> Array[Dictionary]:
	var lines: Array[Dictionary] = []
	_check_files()
	var length := _cmd_file.get_length()
	if length <= _read_offset:
		return lines
	_cmd_file.seek(_read_offset)
	var chunk := _cmd_file.get_buffer(mini(length - _read_offset, READ_BUDGET))
	var start := 0
	while true:
		var newline := chunk.find(NEWLINE, start)
		if newline < 0:
			break
		if _skipping:
			lines.append(_too_long(_skipped_bytes + newline - start))
			_skipping = false
		elif newline - start > MAX_LINE_BYTES:
			_skip_head = chunk.slice(start, start + HEAD_BYTES)
			lines.append(_too_long(newline - start))
		else:
			lines.append(_decode(chunk.slice(start, newline)))
		start = newline + 1
	var rest := chunk.size() - start
	if _skipping or rest > MAX_LINE_BYTES:
		if not _skipping:
			_skipping = true
			_skipped_bytes = 0
			_skip_head = chunk.slice(start, start + HEAD_BYTES)
		_skipped_bytes += rest
		start = chunk.size()
	_read_offset += start
	return _follow_command_segments(lines)


## A {"next": "cmd.N.jsonl"} line ends a command segment: read on in the file it names (the
## clients that wrote it write nothing more to this one) and delete the old one.
func _follow_command_segments(lines: Array[Dictionary]) -> Array[Dictionary]:
	for i in lines.size():
		var text: String = lines[i].get("text", "")
		if not text.begins_with(NEXT_MARK):
			continue
		var marker: Variant = JSON.parse_string(text)
		var name: Variant = marker.get("next") if marker is Dictionary else null
		if not (name is String and _is_segment_name(name, "cmd")):
			continue
		_stale.append(_cmd_path)
		_cmd_path = session_dir.path_join(name)
		if not FileAccess.file_exists(_cmd_path):
			_create_private(_cmd_path)
		_cmd_file = FileAccess.open(_cmd_path, FileAccess.READ)
		_read_offset = 0
		_skipping = false
		_delete_stale()
		var before := lines.slice(0, i)
		before.append_array(read_lines())
		return before
	return lines


## Whether `name` is a segment file of this kind ("cmd.3.jsonl"): nothing else is followed.
static func _is_segment_name(name: String, kind: String) -> bool:
	var middle := name.trim_prefix(kind + ".").trim_suffix(".jsonl")
	return name == "%s.%s.jsonl" % [kind, middle] and middle.is_valid_int() \
		and int(middle) > 0


static func _decode(bytes: PackedByteArray) -> Dictionary:
	if bytes.find(0) >= 0:
		return _refusal("PARSE_ERROR", "The line holds a NUL byte, which no JSON text has.",
			bytes)
	var text := bytes.get_string_from_utf8()
	# The decoder puts U+FFFD where bytes are not UTF-8; a real U+FFFD comes as EF BF BD.
	if text.contains("\ufffd") and not bytes.hex_encode().contains("efbfbd"):
		return _refusal("PARSE_ERROR", "The line is not valid UTF-8.", bytes)
	return {"text": text}


func _too_long(size: int) -> Dictionary:
	return _refusal("INVALID_REQUEST", "The line is %d bytes; request lines are capped at %d "
		% [size, MAX_LINE_BYTES] + "bytes and this one was not read.", _skip_head)


static func _refusal(code: String, sentence: String, head: PackedByteArray) -> Dictionary:
	var refusal := identify(head)
	refusal["refused"] = code
	refusal["error"] = sentence
	return refusal


## What an answer to a line the bridge could not read says about it: {"id": the id when the
## line starts with a readable `{"id": ...`, else null; "head": its first bytes as hex}.
static func identify(line: PackedByteArray) -> Dictionary:
	if not line.is_empty() and line[line.size() - 1] == 13:
		line = line.slice(0, line.size() - 1)  # the \r of a \r\n ending
	var found := _id_pattern.search(line.slice(0, HEAD_BYTES).get_string_from_ascii())
	var id: Variant = null
	if found != null:
		var raw := found.get_string(1)
		id = int(raw) if raw.is_valid_int() else JSON.parse_string(raw)
	return {"id": id, "head": line.slice(0, NAMED_BYTES).hex_encode()}


## `json` (as JSON.stringify writes it) made valid JSON: a control character becomes its \u00XX
## escape, a code point UTF-8 cannot carry \ufffd. Such characters only stand inside strings,
## where an escape means the same. One native search when there is none, as nearly always.
static func json_safe(json: String) -> String:
	var first := _unsafe_pattern.search(json)
	if first == null:
		return json
	var parts := PackedStringArray()
	var start := 0
	for found: RegExMatch in _unsafe_pattern.search_all(json, first.get_start()):
		var code := json.unicode_at(found.get_start())
		parts.append(json.substr(start, found.get_start() - start))
		parts.append("\\u%04x" % (code if code < 0x20 else 0xfffd))
		start = found.get_end()
	parts.append(json.substr(start))
	return "".join(parts)


## Appends one response line (any JSON text: made valid here). Returns false (after logging an
## engine error) when the write failed, for example on a full disk.
func write_line(text: String) -> bool:
	text = json_safe(text)
	if _resp_file.get_length() < _resp_file.get_position():
		push_warning("AgentBridge: %s was truncated by another process; writing at its end."
			% _resp_path)
		_resp_file.seek_end()
	# No `text + "\n"`: that copies a 2 MB tree once more.
	var written := _resp_file.store_string(text) and _resp_file.store_8(NEWLINE)
	_resp_file.flush()
	if not written or _resp_file.get_error() != OK:
		push_error("AgentBridge: could not write a response to %s (%s); is the disk full?" % [
			_resp_path, error_string(_resp_file.get_error())])
		return false
	if _resp_file.get_position() >= RESP_SEGMENT_BYTES:
		_next_response_segment()
	return true


## Ends the current response segment with a pointer to the next and goes on there; the one
## before the ended segment is deleted (readers are at most one segment behind).
func _next_response_segment() -> void:
	_resp_segment += 1
	var name := "resp.%d.jsonl" % _resp_segment
	var next_path := session_dir.path_join(name)
	var created := _create_private(next_path)
	if created != "":
		push_error("AgentBridge: %s; responses stay in %s." % [created, _resp_path])
		_resp_segment -= 1
		return
	_resp_file.store_string(JSON.stringify({"next": name}))
	_resp_file.store_8(NEWLINE)
	_resp_file.flush()
	if _resp_segment >= 2:
		_stale.append(session_dir.path_join(_segment_name(_resp_segment - 2)))
	_resp_path = next_path
	_resp_file = FileAccess.open(_resp_path, FileAccess.READ_WRITE)
	_delete_stale()


static func _segment_name(segment: int) -> String:
	return "resp.jsonl" if segment == 0 else "resp.%d.jsonl" % segment


## Deletes finished segments; one a reader still holds open (Windows refuses) stays listed
## and is tried again at the next check.
func _delete_stale() -> void:
	var kept: PackedStringArray = []
	for path: String in _stale:
		if FileAccess.file_exists(path) and DirAccess.remove_absolute(path) != OK:
			kept.append(path)
	_stale = kept


## Deleted files are made again and reopened; a truncated cmd.jsonl is read from its start.
func _check_files() -> void:
	if Time.get_ticks_msec() < _next_check_msec:
		return
	_next_check_msec = Time.get_ticks_msec() + CHECK_EVERY_MSEC
	if not FileAccess.file_exists(_cmd_path):
		push_warning("AgentBridge: %s was deleted; made a new one." % _cmd_path)
		_open_cmd()
		_read_offset = 0
		_skipping = false
	elif _cmd_file.get_length() < _read_offset:
		push_warning("AgentBridge: %s was truncated; reading it from the start." % _cmd_path)
		_read_offset = 0
		_skipping = false
	if not FileAccess.file_exists(_resp_path):
		push_warning("AgentBridge: %s was deleted; made a new one." % _resp_path)
		_open_resp()
	if not _stale.is_empty():
		_delete_stale()


## Writes bridge.json through a temporary name so a reader never sees half of it.
func write_ready_file(info: Dictionary) -> void:
	var final_path := session_dir.path_join("bridge.json")
	var temp_path := final_path + ".tmp"
	var file := FileAccess.open(temp_path, FileAccess.WRITE)
	file.store_string(json_safe(JSON.stringify(info)))
	file.close()
	FileAccess.set_unix_permissions(temp_path,
		FileAccess.UNIX_READ_OWNER | FileAccess.UNIX_WRITE_OWNER)
	DirAccess.rename_absolute(temp_path, final_path)
