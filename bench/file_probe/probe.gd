extends Node
## The least a file bridge can do, as a yardstick: answer each line of cmd.jsonl with one line
## in resp.jsonl, polled once a frame. bench/compare.py measures it beside AgentBridge.
## PROBE_DIR names the folder; PROBE_SLEEP_USEC the engine's frame sleep (0: spin).

var _cmd: FileAccess
var _resp: FileAccess
var _offset := 0


func _ready() -> void:
	var folder := OS.get_environment("PROBE_DIR")
	if folder == "":
		set_process(false)  # the project also hosts AgentBridge in compare.py
		return
	OS.low_processor_usage_mode_sleep_usec = int(OS.get_environment("PROBE_SLEEP_USEC"))
	_cmd = FileAccess.open(folder.path_join("cmd.jsonl"), FileAccess.READ)
	_resp = FileAccess.open(folder.path_join("resp.jsonl"), FileAccess.WRITE)


func _process(_delta: float) -> void:
	var length := _cmd.get_length()
	if length <= _offset:
		return
	_cmd.seek(_offset)
	var chunk := _cmd.get_buffer(length - _offset)
	var end := chunk.rfind(10)
	if end < 0:
		return
	_offset += end + 1
	for line in chunk.slice(0, end).get_string_from_utf8().split("\n"):
		var request: Dictionary = JSON.parse_string(line)
		_resp.store_string(JSON.stringify({"id": request.id, "ok": true, "data": {}}) + "\n")
	_resp.flush()
