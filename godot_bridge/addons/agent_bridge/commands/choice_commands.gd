extends RefCounted
## Choosing and setting, as a player would: `select` picks an entry of an option button, menu
## button, popup menu, item list, tab bar, tab container or tree by clicking it (opening the
## menu first when it is closed), so the control emits what it emits for a person's click;
## `set_value` moves a slider, spin box or scroll bar, or picks a color, emitting the same
## change signals a person's input does.

const ActionEffects := preload("../action_effects.gd")
const CommandError := preload("../command_error.gd")
const Items := preload("../items.gd")
const NodeLocator := preload("../node_locator.gd")
const Pointer := preload("../pointer.gd")
const Services := preload("../services.gd")

## How many option names a NOT_FOUND sentence lists.
const MAX_LISTED := 30

var _clock: Services.Clock
var _locator: NodeLocator
var _pointer: Pointer
var _effects: ActionEffects


func _init(services: Services) -> void:
	_clock = services.clock
	_locator = services.locator
	_pointer = services.pointer()
	_effects = services.action_effects()


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("select", _effects.wrap(_select), ActionEffects.with_options(
		NodeLocator.with_target({
			"option": {"type": "any", "optional": true,
				"description": "the entry's text (a tree row also by its path of texts, "
				+ "joined with /) or its index; left out when the ref names the entry"},
		})), "Choose an entry of an option button, menu, item list, tab bar or tree by "
		+ "clicking it, as a player would.", "bridge")
	dispatcher.register("set_value", _effects.wrap(_set_value), ActionEffects.with_options(
		NodeLocator.with_target({
			"value": {"type": "any", "description": "a number (slider, spin box, scroll "
				+ "bar) or a color, \"#rrggbb[aa]\" or {r, g, b, a} (color picker)"},
		})), "Set a slider, spin box, scroll bar or color picker to a value, emitting the "
		+ "same change signals as a player's input.", "bridge")


# --- select -----------------------------------------------------------------------------------

func _select(args: Dictionary) -> Variant:
	var target: Variant = _locator.find_target(args)
	if target is CommandError:
		return target
	var node: Node = target.node
	var host: Node = node
	var found: Variant = target.item
	if found == null:
		host = _item_host(node)
		if host == null:
			return CommandError.invalid_args("select works on option buttons, menu buttons, "
				+ "popup menus, item lists, tab bars, tab containers and trees; %s is a %s."
				% [node.get_path(), node.get_class()])
		if not args.has("option"):
			return CommandError.invalid_args("select needs an 'option': the entry's text or "
				+ "index (or a ref to the entry itself).")
		found = Items.by_option(host, args.option)
		if found is Array:
			return CommandError.not_found("%s has no option %s. Its options: %s." % [
				node.get_path(), JSON.stringify(args.option), _listed(found)])
	if host is PopupMenu and not (host as PopupMenu).visible:
		var opened: Variant = await _open_menu(host as PopupMenu)
		if opened is CommandError:
			return opened
	var text := Items.text_of(host, found)
	var wire: Variant = Items.wire_name(host, found)
	var clicked: Variant = await _click(host, found, "Cannot select it")
	if clicked is CommandError:
		return clicked
	return {"target": str(node.get_path()), "selected": {"item": wire, "text": text}}


## Clicks a node or one of its items as a player would (scrolled into view, checked
## reachable), then lets a frame pass for the reaction. Returns null or a CommandError.
func _click(node: Node, item: Variant, failure: String) -> Variant:
	if Pointer.scroll_into_view(node):
		await _clock.next_frame()
	var point: Variant = _pointer.target_point(node, item)
	if point is CommandError:
		return point
	var reason := Items.blocked(node, item) if item != null else ""
	if reason == "":
		reason = _pointer.blocked_reason(node, point)
	if reason != "":
		return CommandError.not_interactable("%s: %s." % [failure, reason])
	_pointer.button(point, "left", true)
	_pointer.button(point, "left", false)
	await _clock.next_frame()
	return null


## The control whose items a select option names: the node itself, or the menu of an option
## or menu button; null when the node has no items.
static func _item_host(node: Node) -> Node:
	if node is OptionButton:
		return (node as OptionButton).get_popup()
	if node is MenuButton:
		return (node as MenuButton).get_popup()
	return node if Items.has_items(node) else null


## Opens a closed menu the way a player does: by clicking the button it belongs to.
func _open_menu(menu: PopupMenu) -> Variant:
	var opener := menu.get_parent() as BaseButton
	if opener == null:
		return CommandError.not_interactable("The menu %s is closed and no button opens it."
			% menu.get_path())
	var clicked: Variant = await _click(opener, null, "Cannot open the menu")
	if clicked is CommandError:
		return clicked
	if not menu.visible:
		return CommandError.not_interactable("Clicking %s did not open its menu." %
			opener.get_path())
	return null


static func _listed(names: Array) -> String:
	var shown := names.slice(0, MAX_LISTED).map(func(n: Variant) -> String: return "'%s'" % n)
	var more := " and %d more" % (names.size() - MAX_LISTED) if names.size() > MAX_LISTED \
		else ""
	return (", ".join(shown) if not shown.is_empty() else "none") + more


# --- set_value --------------------------------------------------------------------------------

func _set_value(args: Dictionary) -> Variant:
	var node: Variant = _locator.find(args)
	if node is CommandError:
		return node
	var reason := Pointer.state_reason(node)
	if reason == "" and node.get("editable") == false:
		reason = "%s is not editable" % node.get_path()
	if reason != "":
		return CommandError.not_interactable("Cannot set it: %s." % reason)
	if node is Slider or node is SpinBox or node is ScrollBar:
		return _set_range(node as Range, args.value)
	if node is ColorPicker or node is ColorPickerButton:
		return _set_color(node, args.value)
	return CommandError.invalid_args("set_value works on sliders, spin boxes, scroll bars and "
		+ "color pickers; %s is a %s%s." % [node.get_path(), node.get_class(),
			" (use fill for text)" if node is LineEdit or node is TextEdit else ""])


## Range.value's setter rounds to the step, clamps to the bounds and emits value_changed,
## as dragging or typing would.
func _set_range(range_control: Range, value: Variant) -> Variant:
	if not (value is float or value is int):
		return CommandError.invalid_args("%s is a %s: its value is a number, got %s." % [
			range_control.get_path(), range_control.get_class(), JSON.stringify(value)])
	var asked := float(value)
	if not is_finite(asked):
		return CommandError.invalid_args("%s needs a finite number, got %s." % [
			range_control.get_path(), JSON.stringify(value)])
	range_control.value = asked
	var now := range_control.value
	var result := {"target": str(range_control.get_path()), "value": now,
		"clamped": not is_equal_approx(now, asked), "min": range_control.min_value,
		"max": range_control.max_value, "step": range_control.step}
	if result.clamped:
		result["asked"] = asked
	return result


## A picked color: set on the picker and announced with color_changed, which a
## ColorPickerButton turns into its own color and color_changed, as for a person's pick.
func _set_color(node: Node, value: Variant) -> Variant:
	var color: Variant = _color_from(value)
	if color == null:
		return CommandError.invalid_args("%s takes a color as \"#rrggbb\", \"#rrggbbaa\" or "
			% node.get_path() + "{r, g, b, a} from 0 to 1; got %s." % JSON.stringify(value))
	var picker: ColorPicker = node if node is ColorPicker \
		else (node as ColorPickerButton).get_picker()
	picker.color = color
	picker.color_changed.emit(picker.color)
	var now: Color = node.get("color")
	return {"target": str(node.get_path()), "value": "#" + now.to_html(true),
		"clamped": not now.is_equal_approx(color)}


static func _color_from(value: Variant) -> Variant:
	if value is String and (value as String).begins_with("#") and Color.html_is_valid(value):
		return Color.html(value)
	if value is Dictionary and value.has("r") and value.has("g") and value.has("b"):
		for key: String in ["r", "g", "b", "a"]:
			if value.has(key) and not (value[key] is float or value[key] is int):
				return null
		return Color(value.r, value.g, value.b, value.get("a", 1.0))
	return null
