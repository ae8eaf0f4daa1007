class_name LevelScene
extends Node2D
## The vault: builds a level's crystals and edges, performs swaps and checks arrangements.
##
## arrangement[slot] is the id of the crystal sitting in that slot (slot i is where crystal i
## sat at the start), so the arrangement is also the mapping being tested. Every swap
## transposes it and is checked at once, unless chain_swaps is on (mouse play only).

signal level_loaded(level_id: String)
signal swap_performed(mapping: Array)
signal symmetry_found(sym_id: String, mapping: Array)
signal symmetry_repeated(sym_id: String, mapping: Array)
signal invalid_attempt(mapping: Array)
signal arrangement_reset
signal level_completed(level_id: String)

const CRYSTAL_SCENE: PackedScene = preload("res://scenes/crystal_node.tscn")
const SWAP_SECONDS: float = 0.35
const INVALID_RESET_DELAY: float = 0.5
const FOUND_PAUSE: float = 0.3
## How close to a crystal a drop must land to count as "onto" it.
const DROP_RADIUS: float = CrystalNode.RADIUS * 1.2
const FOUND_TINT: Color = Color(0.6, 1.6, 0.7)
const INVALID_TINT: Color = Color(1.7, 0.5, 0.5)

@export var start_level_id: String = "act1_level01"

var catalog: LevelCatalog = LevelCatalog.new()
var level: LevelData = null
var keyring: Keyring = null
## arrangement[slot] = crystal id now in that slot. Starts as the identity.
var arrangement: Array = []
## When true, mouse swaps pile up until [method check_arrangement] is called.
var chain_swaps: bool = false

var _crystals: Array[CrystalNode] = []
var _motion: Tween = null
var _reset_pending: bool = false
## The crystal following the mouse during a drag.
var _dragged: CrystalNode = null
## The crystal under the last left press the GUI left alone, until the button is released.
var _pressed: CrystalNode = null
var _solved: Dictionary = {}

@onready var slot_markers: SlotMarkers = $SlotMarkers
@onready var edge_container: Node2D = $EdgeContainer
@onready var crystal_container: Node2D = $CrystalContainer
@onready var hud: GameHud = $HUDLayer
@onready var level_select: LevelSelectPanel = $MenuLayer/LevelSelectPanel


func _ready() -> void:
	if not catalog.load_all():
		for problem: String in catalog.errors:
			push_error(problem)
	hud.levels_requested.connect(open_level_select)
	hud.reset_requested.connect(reset_arrangement)
	hud.next_level_requested.connect(_on_next_level_requested)
	hud.check_requested.connect(check_arrangement)
	hud.chain_mode_changed.connect(set_chain_swaps)
	level_select.level_chosen.connect(load_level)
	if catalog.has_level(start_level_id):
		load_level(start_level_id)
	elif not catalog.levels.is_empty():
		load_level(catalog.levels[0].id)


## Releases end a drag wherever they happen (even over the HUD); motion moves the dragged crystal.
func _input(event: InputEvent) -> void:
	var button: InputEventMouseButton = event as InputEventMouseButton
	if button != null and button.button_index == MOUSE_BUTTON_LEFT and not button.pressed:
		# A drag normally starts in _on_crystal_grabbed. Physics picking runs on physics frames,
		# so a quick press and release can both arrive first: then the press seen below counts.
		var crystal: CrystalNode = _dragged if _dragged != null else _pressed
		_dragged = null
		_pressed = null
		if crystal != null:
			_drop(crystal, button.position)
		return
	var motion: InputEventMouseMotion = event as InputEventMouseMotion
	if motion != null and _dragged != null:
		_dragged.position = _to_board(motion.position)


## Notes which crystal a press (not taken by the HUD) landed on.
func _unhandled_input(event: InputEvent) -> void:
	var button: InputEventMouseButton = event as InputEventMouseButton
	if button != null and button.button_index == MOUSE_BUTTON_LEFT and button.pressed:
		_pressed = _crystal_near(_to_board(button.position), null, CrystalNode.RADIUS)
		if _pressed != null and not _pressed.draggable:
			_pressed = null


## Replaces the current level with [param level_id]. Returns false if there is no such level.
func load_level(level_id: String) -> bool:
	var data: LevelData = catalog.get_level(level_id)
	if data == null:
		return false
	_stop_motion()
	_reset_pending = false
	_dragged = null
	_pressed = null
	level = data
	keyring = Keyring.new(SymmetryFinder.find_automorphisms(level))
	arrangement = SymmetryFinder.identity(level.crystal_count())
	_build_board()
	hud.show_level(level.title, level.hint, level.labels)
	hud.show_keyring(keyring)
	level_select.close()
	level_loaded.emit(level.id)
	return true


func has_crystal(crystal_id: int) -> bool:
	return crystal_id >= 0 and crystal_id < _crystals.size()


## Swaps the places of two crystals (by id) and, if [param check] is true, tests the result.
## Returns what happened, see [method _result].
func swap_crystals(from_id: int, to_id: int, check: bool = true) -> Dictionary:
	_settle()
	var from_slot: int = arrangement.find(from_id)
	var to_slot: int = arrangement.find(to_id)
	arrangement[from_slot] = to_id
	arrangement[to_slot] = from_id
	swap_performed.emit(arrangement.duplicate())
	_motion = _start_motion()
	if not check:
		return _result("moved", "", arrangement.duplicate())
	return _evaluate()


## Moves the crystals into the arrangement [param mapping] and tests it.
## The caller must pass a valid permutation (see [method validate_mapping]).
func submit_permutation(mapping: Array) -> Dictionary:
	_settle()
	arrangement = mapping.duplicate()
	_motion = _start_motion()
	return _evaluate()


## Tests the current arrangement (the identity when nothing has been moved).
func check_arrangement() -> Dictionary:
	_settle()
	return submit_permutation(arrangement)


## Puts every crystal back in its starting slot.
func reset_arrangement() -> void:
	_settle()
	_reset_now()
	_motion = _start_motion()


func set_chain_swaps(enabled: bool) -> void:
	chain_swaps = enabled
	hud.set_chain_mode(enabled)
	if not enabled and arrangement != SymmetryFinder.identity(arrangement.size()):
		reset_arrangement()


## Returns "" if [param mapping] is a permutation of this level's crystals, else why not.
func validate_mapping(mapping: Array) -> String:
	var count: int = level.crystal_count()
	if mapping.size() != count:
		return "The mapping must list %d crystal ids (one per slot) but has %d." % [
			count, mapping.size()]
	if not SymmetryFinder.is_permutation(mapping, count):
		return "The mapping must use every crystal id from 0 to %d exactly once." % (count - 1)
	return ""


## The game state as plain data (served to agents by the bridge's get_state).
func get_state() -> Dictionary:
	var crystals: Array[Dictionary] = []
	for crystal: CrystalNode in _crystals:
		var slot: int = arrangement.find(crystal.crystal_id)
		var rest: Vector2 = _to_viewport(level.positions[slot])
		crystals.append({
			"id": crystal.crystal_id,
			"color": crystal.color_name,
			"label": crystal.label_text,
			"slot": slot,
			"position": [roundf(rest.x), roundf(rest.y)],
		})
	return {
		"level": level.id,
		"title": level.title,
		"act": level.act,
		"hint": level.hint,
		"arrangement": arrangement.duplicate(),
		"keyring": keyring.to_dict(),
		"crystals": crystals,
		"edges": level.edges.duplicate(true),
		"chain_swaps": chain_swaps,
		"animating": _motion != null and _motion.is_valid(),
	}


## Every level's summary plus whether it was completed in this session.
func level_summaries() -> Array[Dictionary]:
	var result: Array[Dictionary] = catalog.summaries()
	for summary: Dictionary in result:
		summary["completed"] = _solved.has(summary["id"])
	return result


func open_level_select() -> void:
	hud.close_cayley_table()
	level_select.open(catalog.summaries(), _solved, level.id if level != null else "")


## Loads the next level; after the last one, shows the level list instead.
func _on_next_level_requested() -> void:
	var next_id: String = catalog.next_level_id(level.id)
	if next_id.is_empty():
		open_level_select()
	else:
		load_level(next_id)


## A crystal reported a press through _input_event: it starts following the mouse.
func _on_crystal_grabbed(crystal: CrystalNode) -> void:
	if crystal != _pressed or _dragged != null:
		return  # a late pick for a press whose release was already handled
	_settle()
	_dragged = crystal
	crystal.set_dragging(true)


func _drop(crystal: CrystalNode, viewport_position: Vector2) -> void:
	crystal.set_dragging(false)
	var target: CrystalNode = _crystal_near(_to_board(viewport_position), crystal, DROP_RADIUS)
	if target == null:
		_motion = _start_motion()
		return
	swap_crystals(crystal.crystal_id, target.crystal_id, not chain_swaps)


## Tests the current arrangement, reports it, and schedules the animation back home.
func _evaluate() -> Dictionary:
	var mapping: Array = arrangement.duplicate()
	var sym_id: String = keyring.identify(mapping)
	if sym_id.is_empty():
		_reset_pending = true
		_motion.parallel().tween_callback(_flash_crystals.bind(INVALID_TINT))
		_motion.parallel().tween_interval(INVALID_RESET_DELAY)
		_motion.tween_callback(_apply_pending_reset)
		_add_moves_home()
		hud.show_invalid()
		invalid_attempt.emit(mapping)
		return _result("invalid", "", mapping)
	var is_new: bool = keyring.add_found(sym_id)
	_motion.tween_callback(_flash_crystals.bind(FOUND_TINT))
	_motion.tween_interval(FOUND_PAUSE)
	_add_moves_home()
	if is_new:
		hud.show_found(sym_id)
		symmetry_found.emit(sym_id, mapping)
	else:
		hud.show_repeated(sym_id)
		symmetry_repeated.emit(sym_id, mapping)
	_reset_now()
	hud.show_keyring(keyring)
	var result: Dictionary = _result("symmetry_found" if is_new else "repeated", sym_id, mapping)
	if is_new and keyring.is_complete():
		_solved[level.id] = true
		hud.show_complete()
		level_completed.emit(level.id)
	return result


## What a swap or submission did, as returned to agents.
func _result(kind: String, sym_id: String, mapping: Array) -> Dictionary:
	var named: Variant = null
	if not sym_id.is_empty():
		named = sym_id
	return {
		"result": kind,
		"mapping": mapping,
		"sym_id": named,
		"found_count": keyring.found_count(),
		"total": keyring.total(),
		"level_complete": keyring.is_complete(),
	}


func _reset_now() -> void:
	arrangement = SymmetryFinder.identity(arrangement.size())
	arrangement_reset.emit()


func _apply_pending_reset() -> void:
	if _reset_pending:
		_reset_pending = false
		_reset_now()


## Ends any animation at once: pending resets happen and crystals jump to their slots.
func _settle() -> void:
	var interrupted: bool = _motion != null and _motion.is_valid()
	_stop_motion()
	if _reset_pending:
		_apply_pending_reset()
		interrupted = true
	if interrupted:
		for crystal: CrystalNode in _crystals:
			crystal.position = _slot_position_of(crystal.crystal_id)


func _stop_motion() -> void:
	if _motion != null and _motion.is_valid():
		_motion.kill()
	_motion = null


## A new tween whose first step glides every crystal to its slot in the current arrangement.
func _start_motion() -> Tween:
	var tween: Tween = create_tween()
	_add_moves(tween, false)
	return tween


## Appends a step that glides every crystal back to its starting slot.
func _add_moves_home() -> void:
	_add_moves(_motion, true)


func _add_moves(tween: Tween, home: bool) -> void:
	var first: bool = true
	for crystal: CrystalNode in _crystals:
		var target: Vector2 = level.positions[crystal.crystal_id]
		if not home:
			target = _slot_position_of(crystal.crystal_id)
		var step: Tween = tween if first else tween.parallel()
		step.tween_property(crystal, "position", target, SWAP_SECONDS) \
				.set_trans(Tween.TRANS_CUBIC).set_ease(Tween.EASE_OUT)
		first = false


func _flash_crystals(tint: Color) -> void:
	for crystal: CrystalNode in _crystals:
		crystal.flash(tint)


func _slot_position_of(crystal_id: int) -> Vector2:
	return level.positions[arrangement.find(crystal_id)]


## The crystal closest to [param point] within [param radius], other than [param exclude].
func _crystal_near(point: Vector2, exclude: CrystalNode, radius: float) -> CrystalNode:
	var best: CrystalNode = null
	var best_distance: float = radius
	for crystal: CrystalNode in _crystals:
		var distance: float = crystal.position.distance_to(point)
		if crystal != exclude and distance <= best_distance:
			best = crystal
			best_distance = distance
	return best


func _to_board(viewport_position: Vector2) -> Vector2:
	var to_viewport: Transform2D = crystal_container.get_global_transform_with_canvas()
	return to_viewport.affine_inverse() * viewport_position


func _to_viewport(board_position: Vector2) -> Vector2:
	return crystal_container.get_global_transform_with_canvas() * board_position


func _build_board() -> void:
	_free_children(crystal_container)
	_free_children(edge_container)
	_crystals.clear()
	for i: int in level.crystal_count():
		var crystal: CrystalNode = CRYSTAL_SCENE.instantiate()
		crystal.name = "Crystal_%d" % i
		crystal.crystal_id = i
		crystal.color_name = level.colors[i]
		crystal.label_text = level.labels[i]
		crystal.draggable = true
		crystal.position = level.positions[i]
		crystal.grabbed.connect(_on_crystal_grabbed)
		crystal_container.add_child(crystal)
		_crystals.append(crystal)
	for edge: Dictionary in level.edges:
		var renderer: EdgeRenderer = EdgeRenderer.new()
		renderer.name = "Edge_%d_%d" % [edge["from"], edge["to"]]
		renderer.from_id = edge["from"]
		renderer.to_id = edge["to"]
		renderer.edge_type = edge["type"]
		renderer.directed = edge["directed"]
		edge_container.add_child(renderer)
		renderer.attach(_crystals[edge["from"]], _crystals[edge["to"]])
	slot_markers.slot_positions = level.positions


## Removes and frees children immediately, so the tree shows the new level at once.
static func _free_children(parent: Node) -> void:
	for child: Node in parent.get_children():
		parent.remove_child(child)
		child.free()
