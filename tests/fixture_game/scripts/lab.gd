extends Node2D
## The lab: a scene with typed properties, signals, animations and commands that misbehave on
## purpose (crash, hang, flood), so every corner of the protocol has something to act on.

signal value_changed(old_value: int, new_value: int)
signal moved(to: Vector2)
signal ticked(ticks: int, elapsed: float)

enum Mode { IDLE, RUNNING, DONE }

const SpawnedThing := preload("res://scripts/spawned_thing.gd")

@export var speed: float = 1.5
@export var tint: Color = Color.RED
@export var target: Vector2 = Vector2(3, 4)
@export var mode: Mode = Mode.IDLE
@export var label: String = "lab"
@export var count: int = 0
@export var tags: Array[String] = ["a", "b"]
var ratio: float = NAN
var ticks: int = 0
## The physics ticker runs only once a test starts it (reset_clock), so its events do not
## mix into other tests.
var ticking: bool = false
## While true, the game tells the bridge it is not settled (a loading screen, say).
var busy: bool = false
var elapsed: float = 0.0
var _secret: int = 42


func _ready() -> void:
	var bridge: Node = get_node_or_null("/root/AgentBridge")
	if bridge == null:
		return
	bridge.register_command("spawn", _spawn, {"name": {"type": "string"}},
		"Add a child node whose script has a signal.")
	bridge.register_command("ping", _ping, {"name": {"type": "string"},
		"times": {"type": "integer", "default": 1}}, "Make a spawned node emit 'pinged'.")
	bridge.register_command("start_tween", _start_tween, {"seconds": {"type": "number"}},
		"Move the Mover node with a Tween that lasts this long.")
	bridge.register_command("play_animation", _play_animation, {},
		"Play a 2-second AnimationPlayer animation on the Mover.")
	bridge.register_command("flood", _flood, {"count": {"type": "integer"}},
		"Emit value_changed this many times.")
	bridge.register_command("grow", _grow, {"count": {"type": "integer", "minimum": 1}},
		"Build a UI of this many controls under /root/Lab/UI/Generated (for benchmarks).")
	bridge.register_command("crash", _crash, {}, "Crash the engine (for tests).")
	bridge.register_command("hang", _hang, {}, "Freeze the main loop forever (for tests).")
	bridge.register_command("broken", _broken, {}, "A handler with a script error (for tests).")
	bridge.register_command("fail_with", _fail_with, {"code": {"type": "string"}},
		"Return an error with this code.")
	bridge.register_state(func() -> Dictionary: return {"count": count, "mode": mode})
	bridge.add_settle_predicate(_is_idle)


func _physics_process(delta: float) -> void:
	if not ticking:
		return
	ticks += 1
	elapsed += delta
	if ticks % 10 == 0:
		ticked.emit(ticks, elapsed)


func _is_idle() -> bool:
	return not busy


func reset_clock() -> void:
	ticking = true
	ticks = 0
	elapsed = 0.0


func add(a: int, b: int) -> int:
	return a + b


## The game's own pause, as a pause menu sets it.
func set_paused(value: bool) -> void:
	get_tree().paused = value


## A number from the engine's global random generator (seeded by the bridge).
func roll() -> float:
	return randf()


func set_count(value: int) -> void:
	var old := count
	count = value
	value_changed.emit(old, value)


func report_error(message: String) -> void:
	push_error(message)


func move_to(where: Vector2) -> Vector2:
	$Mover.position = where
	moved.emit(where)
	return where


func _spawn(args: Dictionary) -> Dictionary:
	var thing := SpawnedThing.new()
	thing.name = args.name
	add_child(thing)
	return {"path": str(thing.get_path())}


func _ping(args: Dictionary) -> Variant:
	var thing := get_node_or_null(NodePath(args.name))
	if thing == null:
		return get_node("/root/AgentBridge").fail("NOT_FOUND", "No spawned node %s." % args.name)
	for i in args.times:
		thing.pinged.emit(i)
	return {"pinged": args.times}


func _start_tween(args: Dictionary) -> Dictionary:
	var tween := create_tween()
	tween.tween_property($Mover, "position", Vector2(500, 300), args.seconds)
	tween.tween_callback(func() -> void: moved.emit($Mover.position))
	return {"started": true}


func _play_animation(_args: Dictionary) -> Dictionary:
	var player: AnimationPlayer = $Mover/Animator
	player.play(&"slide/slide")
	return {"playing": player.current_animation}


func _flood(args: Dictionary) -> Dictionary:
	for i in args.count:
		value_changed.emit(i, i + 1)
	return {"emitted": args.count}


## A UI as games build them: containers ten wide holding labels, buttons and text fields.
func _grow(args: Dictionary) -> Dictionary:
	var old := get_node_or_null("UI/Generated")
	if old != null:
		old.free()
	var root := VBoxContainer.new()
	root.name = "Generated"
	$UI.add_child(root)
	var made := 1
	var parents: Array[Control] = [root]
	while made < args.count:
		var next_parents: Array[Control] = []
		for parent: Control in parents:
			for i in 10:
				if made >= args.count:
					break
				var child := _make_control(made)
				parent.add_child(child)
				made += 1
				if child is Container:
					next_parents.append(child)
		parents = next_parents if not next_parents.is_empty() else parents
	return {"count": made}


static func _make_control(index: int) -> Control:
	var control: Control
	match index % 4:
		0:
			control = HBoxContainer.new()
		1:
			control = Label.new()
			(control as Label).text = "Label %d" % index
		2:
			control = Button.new()
			(control as Button).text = "Button %d" % index
		3:
			control = LineEdit.new()
			(control as LineEdit).placeholder_text = "Field %d" % index
	control.name = "N%d" % index
	return control


func _crash(_args: Dictionary) -> Dictionary:
	OS.crash("crash requested by the test")
	return {}


func _hang(_args: Dictionary) -> Dictionary:
	var spins := 0
	while true:
		spins += 1
	return {"spins": spins}


func _broken(_args: Dictionary) -> Dictionary:
	var missing: Node = null
	return {"name": missing.name}


func _fail_with(args: Dictionary) -> Variant:
	return get_node("/root/AgentBridge").fail(args.code, "Failed on request.")
