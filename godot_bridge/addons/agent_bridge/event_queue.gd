extends RefCounted
## The event queue: what `get_events` drains and every answer carries. Signals become queued
## events: every signal declared by a game script, on every node that enters the tree (now or
## later), the engine signals a tester expects from controls (values, selections, tabs, text,
## colors, menu choices) and `scene_changed` whenever the current scene changes, however it
## happened. Each event gets a strictly increasing `seq`; the queue is bounded and counts what
## it had to drop.

## An event was queued (what an annotated recording notes).
signal pushed(event: Dictionary)

const Clock := preload("clock.gd")
const Codec := preload("value_codec.gd")
const DEFAULT_CAPACITY := 10000
## Engine signals worth an event, by the class that declares them. Controls a control builds
## for itself (a spin box's text field, a tab container's tab bar, an option button's menu)
## are left out: their owner reports the same change.
const ENGINE_SIGNALS := {
	"BaseButton": ["pressed", "toggled"],
	"LineEdit": ["text_changed", "text_submitted"],
	"TextEdit": ["text_changed"],
	"Range": ["value_changed"],
	"OptionButton": ["item_selected"],
	"ItemList": ["item_selected", "multi_selected", "item_activated"],
	"Tree": ["item_selected", "multi_selected", "item_activated"],
	"TabBar": ["tab_changed"],
	"TabContainer": ["tab_changed"],
	"ColorPicker": ["color_changed"],
	"ColorPickerButton": ["color_changed"],
	"PopupMenu": ["id_pressed"],
	"AcceptDialog": ["confirmed", "canceled", "custom_action"],
}

var capacity: int = DEFAULT_CAPACITY
## Where events get their frame number.
var clock: Clock
var _queue: Array[Dictionary] = []
var _next_seq: int = 1
var _last_seq_by_type: Dictionary = {}
var _dropped: int = 0
var _ignored_root: Node
var _signals_by_script: Dictionary = {}


func _init(ignored_root: Node) -> void:
	_ignored_root = ignored_root


## Hooks every node in the tree below `root` and every node added afterwards.
func start(root: Node) -> void:
	var tree := root.get_tree()
	tree.node_added.connect(hook_node)
	tree.scene_changed.connect(_on_scene_changed.bind(tree))
	_hook_recursive(root)


func _on_scene_changed(tree: SceneTree) -> void:
	var scene := tree.current_scene
	push("scene_changed", "/root", [scene.scene_file_path if scene != null else ""])


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
	if not node is Control and not node is Window:
		return
	var hooked := false
	for engine_class: String in ENGINE_SIGNALS:
		if node.is_class(engine_class):
			if not hooked and _built_by_a_control(node):
				return
			hooked = true
			for signal_name: String in ENGINE_SIGNALS[engine_class]:
				_connect(node, signal_name)


## Whether the node belongs to a control's own make-up (an internal child, or inside one),
## except a menu button's menu: its id_pressed is the only word of a player's choice.
static func _built_by_a_control(node: Node) -> bool:
	if node is PopupMenu and node.get_parent() is MenuButton:
		return false
	var child := node
	var parent := node.get_parent()
	while parent != null:
		if parent.get_child_count(true) != parent.get_child_count(false) \
				and not parent.get_children(false).has(child):
			return true
		child = parent
		parent = parent.get_parent()
	return false


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
	var event := {"type": type, "seq": _next_seq, "frame": clock.frame, "source": source,
		"args": Codec.to_wire(args)}
	_queue.append(event)
	pushed.emit(event)
	_last_seq_by_type[type] = _next_seq
	_next_seq += 1


## Takes every queued event; returns {"events": [...], "dropped": n} and resets both.
func drain() -> Dictionary:
	var taken := {"events": _queue, "dropped": _dropped}
	_queue = []
	_dropped = 0
	return taken


func last_seq() -> int:
	return _next_seq - 1


## The seq of the newest event of this type (0 when none came yet), whoever drained it.
func last_seq_of(type: String) -> int:
	return _last_seq_by_type.get(type, 0)
