extends SceneTree
## Plays the game headless through the agent commands (with a stand-in bridge) and the mouse.
##
## Run: godot --headless --path demos/crystal_vault -s res://tests/check_gameplay.gd
## Exits with code 1 on any failure.

const MockBridge: GDScript = preload("res://tests/mock_bridge.gd")
const LEVEL_SCENE: PackedScene = preload("res://scenes/level_scene.tscn")
const SIGNALS: Array[String] = [
	"swap_performed", "symmetry_found", "symmetry_repeated", "invalid_attempt",
	"level_completed", "level_loaded", "arrangement_reset",
]

var bridge: Node = null
var scene: LevelScene = null
var _events: Array[Array] = []
var _failures: Array[String] = []


func _initialize() -> void:
	bridge = MockBridge.new()
	bridge.name = "AgentBridge"
	root.add_child(bridge)
	var instance: Node = LEVEL_SCENE.instantiate()
	if not instance is LevelScene:
		printerr("FAIL: res://scenes/level_scene.tscn did not load as a LevelScene")
		quit(1)
		return
	scene = instance
	root.add_child(scene)
	for signal_name: String in SIGNALS:
		scene.connect(signal_name, _record.bind(signal_name))
	_run.call_deferred()


func _run() -> void:
	await process_frame
	_check_tree()
	_check_commands_registered()
	_check_triangle_vault()
	_check_errors()
	_check_load_level()
	_check_cayley_table()
	await _check_mouse_drag()
	await _check_mouse_burst()
	_check_chain_swaps()
	_check_every_level_completes()
	if _failures.is_empty():
		print("OK: gameplay checks passed.")
		quit(0)
	else:
		for failure: String in _failures:
			printerr("FAIL: ", failure)
		quit(1)


func _check_tree() -> void:
	_expect(root.get_node_or_null("LevelScene") == scene, "the level scene is /root/LevelScene")
	for path: String in [
		"CrystalContainer/Crystal_0", "CrystalContainer/Crystal_2", "EdgeContainer/Edge_0_1",
		"EdgeContainer/Edge_2_0", "HUDLayer/TopBar/TitleLabel", "HUDLayer/TopBar/CounterLabel",
		"HUDLayer/TopBar/ResetButton", "HUDLayer/TopBar/CayleyButton",
		"HUDLayer/TopBar/NextLevelButton", "HUDLayer/CayleyPanel",
		"HUDLayer/KeyringPanel/KeyringBox/KeyringScroll/KeyringList",
		"MenuLayer/LevelSelectPanel",
	]:
		_expect(scene.has_node(path), "node %s exists" % path)
	var crystal: CrystalNode = scene.get_node("CrystalContainer/Crystal_0")
	_expect(crystal.input_pickable, "crystals are input pickable")
	_expect(crystal.color_name == "blue" and crystal.label_text == "A", "crystal 0 is blue A")
	var edge: EdgeRenderer = scene.get_node("EdgeContainer/Edge_0_1")
	_expect(edge.directed and edge.edge_type == "directed", "edge 0->1 is directed")
	_expect(_text("HUDLayer/TopBar/TitleLabel") == "The Triangle Vault", "title shown")
	_expect(_text("HUDLayer/TopBar/CounterLabel") == "Symmetries: 0 / 3", "counter 0 / 3")
	_expect(_text("HUDLayer/TopBar/ResetButton") == "Reset", "reset button text")
	_expect(_text("HUDLayer/TopBar/CayleyButton") == "Show Cayley Table", "cayley button text")
	_expect(not scene.get_node("HUDLayer/TopBar/NextLevelButton").visible, "next level hidden")


func _check_commands_registered() -> void:
	for command: String in ["swap", "submit_permutation", "reset", "load_level", "list_levels"]:
		_expect(bridge.commands.has(command), "command %s registered" % command)
	_expect(bridge.state_handler.is_valid(), "state handler registered")
	var levels: Dictionary = bridge.run("list_levels")
	_expect(levels["levels"].size() >= 8, "list_levels lists the levels")
	_expect(levels["levels"][0]["id"] == "act1_level01", "first level is act1_level01")


func _check_triangle_vault() -> void:
	_events.clear()
	var result: Dictionary = bridge.run("swap", {"from": 0, "to": 1})
	_expect(result["result"] == "invalid" and result["mapping"] == [1, 0, 2], "swap 0-1 invalid")
	_expect(_names() == ["swap_performed", "invalid_attempt"], "invalid swap signals")
	_expect(bridge.state_handler.call()["arrangement"] == [1, 0, 2], "arrangement before reset")
	_expect(_crystal("Crystal_0").position != scene.level.positions[1], "crystals glide")
	bridge.finish_animations()
	_expect(bridge.state_handler.call()["arrangement"] == [0, 1, 2], "arrangement resets")
	_expect(_crystal("Crystal_0").position == scene.level.positions[0], "crystal 0 back home")
	result = bridge.run("submit_permutation", {"mapping": [1, 2, 0]})
	_expect(result["result"] == "symmetry_found" and result["sym_id"] == "s1", "rotation found")
	result = bridge.run("submit_permutation", {"mapping": [1, 2, 0]})
	_expect(result["result"] == "repeated" and result["sym_id"] == "s1", "rotation repeated")
	result = bridge.run("submit_permutation", {"mapping": [0, 1, 2]})
	_expect(result["result"] == "symmetry_found" and result["sym_id"] == "e", "identity found")
	_expect(_text("HUDLayer/TopBar/CounterLabel") == "Symmetries: 2 / 3", "counter 2 / 3")
	_events.clear()
	result = bridge.run("submit_permutation", {"mapping": [2, 0, 1]})
	_expect(result["level_complete"], "level complete after three symmetries")
	_expect(_names() == ["symmetry_found", "arrangement_reset", "level_completed"],
			"completion signals, got %s" % [_names()])
	_expect(scene.get_node("HUDLayer/TopBar/NextLevelButton").visible, "next level shown")
	var state: Dictionary = bridge.state_handler.call()
	_expect(state["keyring"]["found_count"] == 3 and state["keyring"]["complete"], "state keyring")
	_expect(state["keyring"]["found"][0] == {"id": "s1", "mapping": [1, 2, 0]}, "found entry")
	_expect(scene.get_node("HUDLayer/KeyringPanel/KeyringBox/KeyringScroll/KeyringList")
			.get_child_count() == 3, "keyring lists three keys")
	bridge.finish_animations()


func _check_errors() -> void:
	for args: Dictionary in [{"from": 1, "to": 1}, {"from": 0, "to": 7}, {"from": -1, "to": 0}]:
		_expect(_error_code(bridge.run("swap", args)) == "INVALID_ARGS", "swap %s refused" % args)
	for mapping: Array in [[0, 1], [0, 0, 1], [0, 1, 3], [0, 1, 2, 3]]:
		_expect(_error_code(bridge.run("submit_permutation", {"mapping": mapping}))
				== "INVALID_ARGS", "mapping %s refused" % [mapping])
	_expect(_error_code(bridge.run("load_level", {"level_id": "nope"})) == "NOT_FOUND",
			"unknown level refused")


func _check_load_level() -> void:
	var result: Dictionary = bridge.run("load_level", {"level_id": "act1_level05"})
	_expect(result["level"] == "act1_level05" and result["total"] == 8, "square vault loaded")
	_expect(scene.has_node("EdgeContainer/Edge_0_2"), "new edges are in the tree at once")
	_expect(scene.get_node("CrystalContainer").get_child_count() == 4, "four crystals")
	_expect(_text("HUDLayer/TopBar/CounterLabel") == "Symmetries: 0 / 8", "counter 0 / 8")
	result = bridge.run("swap", {"from": 1, "to": 3})
	_expect(result["result"] == "symmetry_found", "mirror through A and C is a symmetry")
	result = bridge.run("reset")
	_expect(result["arrangement"] == [0, 1, 2, 3], "reset answers the arrangement")
	bridge.finish_animations()


func _check_cayley_table() -> void:
	bridge.run("submit_permutation", {"mapping": [0, 1, 2, 3]})
	bridge.finish_animations()
	scene.hud.open_cayley_table()
	var grid: GridContainer = scene.get_node(
			"HUDLayer/CayleyPanel/CayleyBox/CayleyScroll/CayleyGrid")
	_expect(grid.get_child_count() == 9, "2 keys give a 3 x 3 grid with headers")
	_expect(grid.get_node("Cell_s1_s1").text == "e", "the mirror undoes itself")
	scene.hud.close_cayley_table()


func _check_mouse_drag() -> void:
	bridge.run("load_level", {"level_id": "act1_level03"})
	await process_frame
	_events.clear()
	var from: Vector2 = _screen_of(1)
	var to: Vector2 = _screen_of(2)
	_mouse_move(from)
	await physics_frame
	await physics_frame
	_mouse_button(from, true)
	await physics_frame
	await physics_frame
	_mouse_move(to)
	await process_frame
	_mouse_button(to, false)
	await physics_frame
	_expect(_names().has("swap_performed") and _names().has("symmetry_found"),
			"dragging B onto C finds a symmetry, got %s" % [_names()])
	await _settle_frames()


func _check_mouse_burst() -> void:
	_events.clear()
	var from: Vector2 = _screen_of(0)
	var to: Vector2 = _screen_of(1)
	_mouse_move(from)
	_mouse_button(from, true)
	_mouse_move(to)
	_mouse_button(to, false)
	await physics_frame
	await physics_frame
	_expect(_names().has("swap_performed") and _names().has("symmetry_found"),
			"a drag sent within one frame still swaps, got %s" % [_names()])
	await _settle_frames()


func _check_chain_swaps() -> void:
	bridge.run("load_level", {"level_id": "act1_level01"})
	scene.set_chain_swaps(true)
	scene.swap_crystals(0, 1, false)
	scene.swap_crystals(0, 2, false)
	bridge.finish_animations()
	_expect(scene.arrangement == [1, 2, 0], "chained swaps compose, got %s" % [scene.arrangement])
	var result: Dictionary = scene.check_arrangement()
	_expect(result["result"] == "symmetry_found", "a chained rotation is a symmetry")
	scene.set_chain_swaps(false)
	bridge.finish_animations()


## Submits every symmetry of every level and checks each level completes.
func _check_every_level_completes() -> void:
	var listed: Array = bridge.run("list_levels")["levels"]
	for summary: Dictionary in listed:
		bridge.run("load_level", {"level_id": summary["id"]})
		var completed: bool = false
		for mapping: Array in scene.keyring.symmetries:
			completed = bridge.run("submit_permutation", {"mapping": mapping})["level_complete"]
			bridge.finish_animations()
		_expect(completed, "%s completes" % summary["id"])


func _settle_frames() -> void:
	bridge.finish_animations()
	await process_frame


## Where crystal [param crystal_id] is in window pixels (the headless window is small and the
## 1280 x 720 game is stretched into it).
func _screen_of(crystal_id: int) -> Vector2:
	var position: Array = bridge.state_handler.call()["crystals"][crystal_id]["position"]
	return root.get_final_transform() * Vector2(position[0], position[1])


func _mouse_move(position: Vector2) -> void:
	var event: InputEventMouseMotion = InputEventMouseMotion.new()
	event.position = position
	event.global_position = position
	root.push_input(event)


func _mouse_button(position: Vector2, pressed: bool) -> void:
	var event: InputEventMouseButton = InputEventMouseButton.new()
	event.button_index = MOUSE_BUTTON_LEFT
	event.pressed = pressed
	event.position = position
	event.global_position = position
	root.push_input(event)


func _crystal(node_name: String) -> CrystalNode:
	return scene.get_node("CrystalContainer/" + node_name)


func _text(path: String) -> String:
	return scene.get_node(path).text


func _names() -> Array[String]:
	var names: Array[String] = []
	for event: Array in _events:
		names.append(event[0])
	return names


static func _error_code(result: Variant) -> String:
	if result is Dictionary and (result as Dictionary).has("error"):
		return result["error"]["code"]
	return ""


func _record(...received: Array) -> void:
	var signal_name: String = received.pop_back()
	_events.append([signal_name, received])


func _expect(condition: bool, message: String) -> void:
	if not condition:
		_failures.append(message)
