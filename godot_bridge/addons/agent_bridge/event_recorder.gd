extends RefCounted
## Turns signals into queued events: every signal declared by a game script, on every node that
## enters the tree (now or later), plus a few engine signals people act on. Each event gets a
## strictly increasing `seq`; the queue is bounded and counts what it had to drop.

const Codec := preload("value_codec.gd")
const DEFAULT_CAPACITY := 10000
## Engine signals worth an event, by the class that declares them.
const ENGINE_SIGNALS := {
	"BaseButton": ["pressed", "toggled"],
	"LineEdit": ["text_submitted"],
}

var capacity: int = DEFAULT_CAPACITY
var _queue: Array[Dictionary] = []
var _next_seq: int = 1
var _dropped: int = 0
var _ignored_root: Node
var _signals_by_script: Dictionary = {}


func _init(ignored_root: Node) -> void:
	_ignored_root = ignored_root


## Hooks every node in the tree below `root` and every node added afterwards.
func start(root: Node) -> void:
	root.get_tree().node_added.connect(hook_node)
	_hook_recursive(root)


func _hook_recursive(node: Node) -> void:
	hook_node(node)
	for child: Node in node.get_children(true):
		_hook_recursive(child)


func hook_node(node: Node) -> void:
	if node == _ignored_root:
		return
	var script: Script = node.get_script()
	if script != null:
		for signal_name: String in _script_signals(script):
			_connect(node, signal_name)
	for engine_class: String in ENGINE_SIGNALS:
		if node.is_class(engine_class):
			for signal_name: String in ENGINE_SIGNALS[engine_class]:
				_connect(node, signal_name)


func _script_signals(script: Script) -> Array:
	if not _signals_by_script.has(script):
		var names: Array = []
		for info: Dictionary in script.get_script_signal_list():
			names.append(info.name)
		_signals_by_script[script] = names
	return _signals_by_script[script]


func _connect(node: Node, signal_name: String) -> void:
	var handler := _on_signal.bind(node, signal_name)
	if not node.is_connected(signal_name, handler):
		node.connect(signal_name, handler)


## Bound arguments come after the emitted ones: [..emitted, source node, signal name].
func _on_signal(...received: Array) -> void:
	var signal_name: String = received.pop_back()
	var source: Node = received.pop_back()
	var path := str(source.get_path()) if source.is_inside_tree() else String(source.name)
	push(signal_name, path, received)


func push(type: String, source: String, args: Array) -> void:
	if _queue.size() >= capacity:
		_queue.pop_front()
		_dropped += 1
	_queue.append({"type": type, "seq": _next_seq, "frame": Engine.get_process_frames(),
		"source": source, "args": Codec.to_wire(args)})
	_next_seq += 1


## Takes every queued event; returns {"events": [...], "dropped": n} and resets both.
func drain() -> Dictionary:
	var taken := {"events": _queue, "dropped": _dropped}
	_queue = []
	_dropped = 0
	return taken


func last_seq() -> int:
	return _next_seq - 1
