class_name GameHud
extends CanvasLayer
## The level's on-screen controls: title, counter, keyring, Cayley table and buttons.
##
## The HUD only displays what it is given and reports button presses as signals.

signal levels_requested
signal reset_requested
signal next_level_requested
signal check_requested
signal chain_mode_changed(enabled: bool)

const FOUND_COLOR: Color = Color(0.6, 0.95, 0.65)
const INVALID_COLOR: Color = Color(1.0, 0.5, 0.5)
const NEUTRAL_COLOR: Color = Color(0.85, 0.88, 0.95)
const UNFOUND_COLOR: Color = Color(0.55, 0.57, 0.65)
const HEADER_COLOR: Color = Color(0.98, 0.85, 0.45)

var _keyring: Keyring = null
var _crystal_labels: Array[String] = []

@onready var title_label: Label = %TitleLabel
@onready var counter_label: Label = %CounterLabel
@onready var hint_label: Label = %HintLabel
@onready var status_label: Label = %StatusLabel
@onready var levels_button: Button = %LevelsButton
@onready var reset_button: Button = %ResetButton
@onready var cayley_button: Button = %CayleyButton
@onready var next_level_button: Button = %NextLevelButton
@onready var chain_toggle: CheckBox = %ChainToggle
@onready var check_button: Button = %CheckArrangementButton
@onready var keyring_list: VBoxContainer = %KeyringList
@onready var cayley_panel: PanelContainer = %CayleyPanel
@onready var cayley_grid: GridContainer = %CayleyGrid
@onready var close_cayley_button: Button = %CloseCayleyButton


func _ready() -> void:
	levels_button.pressed.connect(levels_requested.emit)
	reset_button.pressed.connect(reset_requested.emit)
	next_level_button.pressed.connect(next_level_requested.emit)
	check_button.pressed.connect(check_requested.emit)
	chain_toggle.toggled.connect(chain_mode_changed.emit)
	cayley_button.pressed.connect(_on_cayley_button_pressed)
	close_cayley_button.pressed.connect(close_cayley_table)
	next_level_button.visible = false
	cayley_panel.visible = false


func show_level(title: String, hint: String, crystal_labels: Array[String]) -> void:
	title_label.text = title
	hint_label.text = hint
	_crystal_labels = crystal_labels
	_keyring = null
	_free_children(keyring_list)
	_free_children(cayley_grid)
	next_level_button.visible = false
	show_status("Drag a crystal onto another to swap them.", NEUTRAL_COLOR)


## Refreshes the counter, the keyring list and (if open) the Cayley table.
func show_keyring(keyring: Keyring) -> void:
	_keyring = keyring
	counter_label.text = "Symmetries: %d / %d" % [keyring.found_count(), keyring.total()]
	_rebuild_keyring_list()
	if cayley_panel.visible:
		_rebuild_cayley_grid()


func show_status(text: String, tint: Color = NEUTRAL_COLOR) -> void:
	status_label.text = text
	status_label.add_theme_color_override("font_color", tint)


func show_found(sym_id: String) -> void:
	show_status("New key: %s is a symmetry!" % sym_id, FOUND_COLOR)


func show_repeated(sym_id: String) -> void:
	show_status("%s is already on your keyring." % sym_id, NEUTRAL_COLOR)


func show_invalid() -> void:
	show_status("Not a symmetry: the vault looks different.", INVALID_COLOR)


func show_complete() -> void:
	next_level_button.visible = true
	show_status("Vault opened! Every symmetry is on your keyring.", FOUND_COLOR)


func set_chain_mode(enabled: bool) -> void:
	chain_toggle.set_pressed_no_signal(enabled)


func open_cayley_table() -> void:
	cayley_panel.visible = true
	_rebuild_cayley_grid()


func close_cayley_table() -> void:
	cayley_panel.visible = false


func _on_cayley_button_pressed() -> void:
	if cayley_panel.visible:
		close_cayley_table()
	else:
		open_cayley_table()


## Adds entries for newly found keys; starts over when the list no longer matches (new level).
func _rebuild_keyring_list() -> void:
	var found: Array[String] = []
	if _keyring != null:
		found = _keyring.found_ids()
	var shown: Array[Node] = keyring_list.get_children()
	var matches: bool = shown.size() <= found.size()
	for i: int in mini(shown.size(), found.size()):
		matches = matches and shown[i].name == "Key_%s" % found[i]
	if not matches:
		_free_children(keyring_list)
		shown.clear()
	for sym_id: String in found.slice(shown.size()):
		var entry: Label = Label.new()
		entry.name = "Key_%s" % sym_id
		entry.text = "%s:  %s" % [sym_id, _describe(_keyring.mapping_of(sym_id))]
		entry.add_theme_color_override("font_color", FOUND_COLOR)
		keyring_list.add_child(entry)


## Row r, column c holds "do r, then do c". Products not found yet are shown dimmed.
func _rebuild_cayley_grid() -> void:
	_free_children(cayley_grid)
	if _keyring == null:
		return
	var found: Array[String] = _keyring.found_ids()
	found.sort_custom(_by_name)
	cayley_grid.columns = found.size() + 1
	_add_cell("Cell_corner", "then", HEADER_COLOR)
	for column: String in found:
		_add_cell("Cell_top_%s" % column, column, HEADER_COLOR)
	for row: String in found:
		_add_cell("Cell_%s_left" % row, row, HEADER_COLOR)
		for column: String in found:
			var product: String = _keyring.product_name(row, column)
			var tint: Color = NEUTRAL_COLOR if _keyring.is_found(product) else UNFOUND_COLOR
			_add_cell("Cell_%s_%s" % [row, column], product, tint)


func _add_cell(cell_name: String, text: String, tint: Color) -> void:
	var cell: Label = Label.new()
	cell.name = cell_name
	cell.text = text
	cell.custom_minimum_size = Vector2(44, 26)
	cell.horizontal_alignment = HORIZONTAL_ALIGNMENT_CENTER
	cell.add_theme_color_override("font_color", tint)
	cayley_grid.add_child(cell)


## The crystal labels in slot order, e.g. "B C A".
func _describe(mapping: Array) -> String:
	var parts: PackedStringArray = PackedStringArray()
	for crystal_id: Variant in mapping:
		var index: int = crystal_id
		parts.append(_crystal_labels[index] if index < _crystal_labels.size() else str(index))
	return " ".join(parts)


## Sorts "e" first, then "s1", "s2", ... numerically.
static func _by_name(first: String, second: String) -> bool:
	var first_number: int = 0 if first == "e" else first.substr(1).to_int()
	var second_number: int = 0 if second == "e" else second.substr(1).to_int()
	return first_number < second_number


## Frees children right away so the tree never shows stale entries.
static func _free_children(parent: Node) -> void:
	for child: Node in parent.get_children():
		parent.remove_child(child)
		child.free()
