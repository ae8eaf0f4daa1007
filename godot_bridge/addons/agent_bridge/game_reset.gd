extends RefCounted
## Puts the game back as it was launched, without a relaunch, so every test gets a fresh game
## from a warm engine: project settings and the input map as the project file has them (the
## settings the game added at run time gone), every script's static variables at their
## initial values, every autoload made again from its own script or scene (the same node, so
## the game's references to it stay good; the children it gained at run time gone), nodes the
## game added to the root gone, the scene loaded fresh, input released, the tree unpaused,
## orphan nodes freed.
##
## The old game is taken down and the new one made where a launched game's scene stands
## before its first physics step: at the start of the next physics step. Its first frame then
## runs as a launched game's does (clock.gd), and its frame 0 is the launch's frame 0.
##
## What a reset cannot undo (a client relaunches instead): files the game wrote outside its
## user:// folder, threads it started, the window or display it changed, native extensions'
## own state.

const Services := preload("services.gd")
const UserData := preload("user_data.gd")

static var CLASS_NAME := RegEx.create_from_string("(?m)^class_name\\s+\\w+")
## The prefix of the members a counting copy of a script adds (coverage.gd PREFIX).
const COVERAGE_PREFIX := "__agent_cov_"

var _bridge: Services.Bridge
var _clock: Services.Clock
var _events: Services.EventQueue
var _settings: Dictionary = {}  # project setting -> its value at launch
var _engine: Dictionary = {}  # Engine property -> its value at launch
var _static_defaults: Dictionary = {}  # script path -> {static variable: initial value}
var _scripts: PackedStringArray = []  # the project's scripts, found at the first reset
var _autoloads: Array = []  # [name, path] of each autoload, in the project's order
var _launch_services: Dictionary = {}  # {"mouse_mode", "playback_speed_scale"} at launch


## `services.launch`: what the bridge read before the game's first line ran: {"settings": every
## project setting, "engine": the Engine settings a test may change, "services": the
## engine servers' state a game may change (_restore_engine_services)}.
func _init(services: Services) -> void:
	_bridge = services.bridge
	_clock = services.clock
	_events = services.events
	var launch := services.launch
	_settings = launch.settings
	_engine = launch.engine
	_launch_services = launch.services
	for name: String in _settings:
		if name.begins_with("autoload/"):
			_autoloads.append([name.trim_prefix("autoload/"),
				(_settings[name] as String).trim_prefix("*")])


## Resets the game onto `scene` (a res:// path); returns at frame 0 of the new game with the
## counts of what it did. The game's own errors while it starts again (a script error in a
## `_ready`) are the game's: they arrive as events, and the reset goes on.
func reset(scene: String) -> Dictionary:
	var tree := _bridge.get_tree()
	for tick: int in _clock.ticks_before_restart() + 1:
		await _clock.run_until(tree.physics_frame)
	_events.drain()  # the old game's last events go with it
	var released := _release_input()
	tree.paused = false
	var removed := _remove_run_time_nodes(tree)
	var orphans := _free_orphans()
	var settings := _restore_settings()
	InputMap.load_from_project_settings()
	var statics := _reset_statics()
	seed(_clock.seed_value)
	# In a launch's order: every autoload's script is made, then the main scene's nodes,
	# then the autoloads enter the tree (and get ready), then the scene.
	var autoloads := _rebuild_autoloads()
	UserData.refill(_bridge.user_data, _bridge.session_dir)  # user:// anew
	# Fresh physics spaces and navigation maps, as a launched game has: a space's history (the
	# bodies it held, in what order) steers its solver, and the game may have changed its
	# settings. Only the bridge is in the tree now. The old worlds are held until the new ones
	# are in place: the viewport lets go of the old one's rendering scenario only then.
	var old_worlds := [tree.root.world_2d, tree.root.world_3d]
	tree.root.world_2d = World2D.new()
	tree.root.world_3d = World3D.new()
	old_worlds.clear()
	var fresh: Node = (load(scene) as PackedScene).instantiate()
	_attach_autoloads(autoloads)
	tree.root.add_child(fresh)
	tree.current_scene = fresh
	# A launched game's transforms reach the physics servers before its first tick's
	# `_physics_process`; the engine's own flush for this tick has passed, so flush them here.
	for entry: Array in autoloads:
		_flush_transforms(entry[0])
	_flush_transforms(fresh)
	_clock.restart()
	await _clock.next_frame()
	var names: Array = autoloads.map(func(entry: Array) -> String: return entry[0].name)
	return {"scene": scene, "autoloads": names, "statics": statics,
		"settings_restored": settings, "inputs_released": released, "orphans_freed": orphans,
		"nodes_removed": removed}


## Sends the transform changes `node` and its descendants have pending (a body placed in a
## `_ready`), as the engine does at the start of a physics tick.
static func _flush_transforms(node: Node) -> void:
	if node is Node3D:
		(node as Node3D).force_update_transform()
	elif node is CanvasItem:
		(node as CanvasItem).force_update_transform()
	for child: Node in node.get_children(true):
		_flush_transforms(child)


## Lets go of every action, key and mouse button a test left down (and centers the sticks).
func _release_input() -> int:
	var released := 0
	for action: StringName in InputMap.get_actions():
		if Input.is_action_pressed(action):
			Input.action_release(action)
			released += 1
		for event: InputEvent in InputMap.action_get_events(action):
			var up := _release_event(event)
			if up != null:
				Input.parse_input_event(up)
	for button: int in [MOUSE_BUTTON_LEFT, MOUSE_BUTTON_RIGHT, MOUSE_BUTTON_MIDDLE]:
		if Input.is_mouse_button_pressed(button):
			var mouse := InputEventMouseButton.new()
			mouse.button_index = button
			mouse.pressed = false
			Input.parse_input_event(mouse)
			released += 1
	Input.flush_buffered_events()
	return released


## The event that lets go of a binding, when it is down now; null otherwise.
static func _release_event(event: InputEvent) -> InputEvent:
	if event is InputEventKey:
		var key := event as InputEventKey
		var code := key.keycode if key.keycode != KEY_NONE else key.physical_keycode
		if Input.is_key_pressed(code) or Input.is_physical_key_pressed(code):
			var up := InputEventKey.new()
			up.keycode = code
			up.physical_keycode = code
			return up
	elif event is InputEventJoypadButton:
		var pad := event as InputEventJoypadButton
		if Input.is_joy_button_pressed(maxi(pad.device, 0), pad.button_index):
			var up_pad := InputEventJoypadButton.new()
			up_pad.device = maxi(pad.device, 0)
			up_pad.button_index = pad.button_index
			return up_pad
	elif event is InputEventJoypadMotion:
		var motion := event as InputEventJoypadMotion
		if Input.get_joy_axis(maxi(motion.device, 0), motion.axis) != 0.0:
			var rest := InputEventJoypadMotion.new()
			rest.device = maxi(motion.device, 0)
			rest.axis = motion.axis
			return rest
	return null


## Project settings (and engine settings) back to their values at launch, and the settings
## the game added at run time gone; returns how many changed. A setting the engine defined
## on first use (it has a default) goes back to its default instead.
func _restore_settings() -> int:
	var restored := 0
	for name: String in _settings:
		if ProjectSettings.get_setting(name) != _settings[name]:
			ProjectSettings.set_setting(name, _settings[name])
			restored += 1
	for property: Dictionary in ProjectSettings.get_property_list():
		var name: String = property.name
		if _settings.has(name) or not ProjectSettings.has_setting(name):
			continue
		var default: Variant = ProjectSettings.property_get_revert(name)
		if default == null or ProjectSettings.get_setting(name) != default:
			ProjectSettings.set_setting(name, default)  # null erases it
			restored += 1
	for property: String in _engine:
		if Engine.get(property) != _engine[property]:
			Engine.set(property, _engine[property])
			restored += 1
	return restored + _restore_engine_services()


## What the game may have changed in the engine's servers, as at launch: the mouse mode, the
## audio buses and their playback speed, MIDI inputs (closed: a game opens them in a `_ready`,
## and opening them twice is an engine error). Returns how many differed.
func _restore_engine_services() -> int:
	var restored := 0
	if Input.mouse_mode != _launch_services.mouse_mode:
		Input.mouse_mode = _launch_services.mouse_mode
		restored += 1
	if AudioServer.playback_speed_scale != _launch_services.playback_speed_scale:
		AudioServer.playback_speed_scale = _launch_services.playback_speed_scale
		restored += 1
	var layout_path: String = _settings.get("audio/buses/default_bus_layout", "")
	AudioServer.set_bus_layout(load(layout_path) if ResourceLoader.exists(layout_path,
		"AudioBusLayout") else AudioBusLayout.new())
	OS.close_midi_inputs()
	return restored


## Every loaded script of the project gets its static variables' initial values back: a
## fresh copy of the script, compiled once, says what they are. Returns how many scripts.
func _reset_statics() -> int:
	var reset := 0
	if _scripts.is_empty():
		_scripts = _project_scripts("res://")
	for path: String in _scripts:
		if not ResourceLoader.has_cached(path):
			continue
		var script := load(path) as GDScript
		if script == null:
			continue
		var defaults := _defaults_of(path, script)
		for name: String in defaults:
			script.set(name, _copy(defaults[name]))
		reset += 1 if not defaults.is_empty() else 0
	return reset


func _defaults_of(path: String, script: GDScript) -> Dictionary:
	if not _static_defaults.has(path):
		var defaults := {}
		# A counting script's counters (coverage.gd) keep counting over resets.
		var names := script.get_property_list().filter(func(property: Dictionary) -> bool:
			return property.usage & PROPERTY_USAGE_SCRIPT_VARIABLE != 0 \
				and not (property.name as String).begins_with(COVERAGE_PREFIX)).map(
			func(property: Dictionary) -> String: return property.name)
		if not names.is_empty():
			var fresh := GDScript.new()
			# The copy must not claim the script's global class name, which the original holds.
			fresh.source_code = CLASS_NAME.sub(script.source_code, "", true)
			if fresh.reload() == OK:
				for name: String in names:
					defaults[name] = fresh.get(name)
		_static_defaults[path] = defaults
	return _static_defaults[path]


static func _copy(value: Variant) -> Variant:
	if value is Array or value is Dictionary:
		return value.duplicate(true)
	return value


## The project's .gd files (the addon's own left out).
func _project_scripts(folder: String) -> PackedStringArray:
	var found := PackedStringArray()
	var dir := DirAccess.open(folder)
	if dir == null:
		return found
	for file: String in dir.get_files():
		if file.ends_with(".gd"):
			found.append(folder.path_join(file))
	for sub: String in dir.get_directories():
		var path := folder.path_join(sub)
		if not sub.begins_with(".") and path != "res://addons/agent_bridge":
			found.append_array(_project_scripts(path))
	return found


## The nodes the game added while it ran, beside its scene: the current scene, and every
## child of the root that is neither an autoload nor the bridge, freed; returns how many.
func _remove_run_time_nodes(tree: SceneTree) -> int:
	var kept := {}
	for autoload: Array in _autoloads:
		kept[autoload[0]] = true
	var removed := 0
	for child: Node in tree.root.get_children():
		if child == _bridge or kept.has(String(child.name)):
			continue
		tree.root.remove_child(child)
		child.free()
		removed += 1
	return removed


## Every autoload but the bridge, taken out of the tree and made again in place: the same
## node, its script instance new (members at their initial values), its run-time children
## gone (a scene autoload's own instantiated anew), connections to and from it dropped.
## Returns [node, index, path] for each, in the order of the tree, for _attach_autoloads.
func _rebuild_autoloads() -> Array:
	var rebuilt: Array = []
	var root := _bridge.get_tree().root
	for autoload: Array in _autoloads:
		var node := root.get_node_or_null(NodePath(autoload[0]))
		if node != null and node != _bridge:
			rebuilt.append([node, node.get_index(), autoload[1]])
	rebuilt.sort_custom(func(a: Array, b: Array) -> bool: return a[1] < b[1])
	for entry: Array in rebuilt:
		var node: Node = entry[0]
		root.remove_child(node)
		_disconnect_all(node)
		_rebuild(node, entry[2])
	return rebuilt


## The rebuilt autoloads back in the tree, where they were, each ready again.
func _attach_autoloads(rebuilt: Array) -> void:
	var root := _bridge.get_tree().root
	for entry: Array in rebuilt:
		var node: Node = entry[0]
		node.request_ready()
		root.add_child(node)
		root.move_child(node, entry[1])


static func _disconnect_all(node: Node) -> void:
	for incoming: Dictionary in node.get_incoming_connections():
		var signal_of: Signal = incoming.signal
		if signal_of.is_connected(incoming.callable):
			signal_of.disconnect(incoming.callable)
	for described: Dictionary in node.get_signal_list():
		for connection: Dictionary in node.get_signal_connection_list(described.name):
			node.disconnect(described.name, connection.callable)


## `node` as its script or scene makes it: its children gone (those the engine made for
## its own class stay), a scene's children anew with the values the scene gives the root;
## the script instance anew either way.
static func _rebuild(node: Node, path: String) -> void:
	var script: Script = node.get_script()
	for child: Node in node.get_children():
		node.remove_child(child)
		child.free()
	var fresh: Node = null
	if path.get_extension() in ["tscn", "scn"]:
		fresh = (load(path) as PackedScene).instantiate()
	node.set_script(null)
	node.set_script(script)
	if fresh == null:
		return
	for property: Dictionary in fresh.get_property_list():
		if property.usage & PROPERTY_USAGE_SCRIPT_VARIABLE != 0:
			node.set(property.name, fresh.get(property.name))
	for child: Node in fresh.get_children():
		var owned := _owned_by(child, fresh)
		for part: Node in owned:
			part.owner = null
		fresh.remove_child(child)
		node.add_child(child)
		for part: Node in owned:
			part.owner = node
	fresh.free()


## `node` and its descendants that `owner` owns (an instantiated scene's nodes).
static func _owned_by(node: Node, owner: Node) -> Array[Node]:
	var owned: Array[Node] = []
	if node.owner == owner:
		owned.append(node)
	for child: Node in node.get_children():
		owned.append_array(_owned_by(child, owner))
	return owned


## Frees every node out of the tree that nothing freed (Node.get_orphan_node_ids, 4.5+).
func _free_orphans() -> int:
	var freed := 0
	for id: int in Node.get_orphan_node_ids():
		var orphan := instance_from_id(id) as Node
		if orphan != null and orphan.get_parent() == null and orphan != _bridge:
			orphan.free()
			freed += 1
	return freed
