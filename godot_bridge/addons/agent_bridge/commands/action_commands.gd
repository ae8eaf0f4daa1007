extends RefCounted
## A player's actions on controls: what can be done right now (list_actions), and doing it the
## way a player would: press and fill. They refuse hidden, disabled and read-only controls with
## NOT_INTERACTABLE instead of acting behind the UI's back.

const ActionEffects := preload("../action_effects.gd")
const CommandError := preload("../command_error.gd")
const Controls := preload("../controls.gd")
const NodeLocator := preload("../node_locator.gd")
const Pointer := preload("../pointer.gd")
const Services := preload("../services.gd")
const TreeSerializer := preload("../tree_serializer.gd")

var _bridge: Services.Bridge
var _locator: NodeLocator
var _effects: ActionEffects


func _init(services: Services) -> void:
	_bridge = services.bridge
	_locator = services.locator
	_effects = services.action_effects()


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("list_actions", _list_actions, {},
		"Every action possible right now, the game's controls (its input actions and their "
		+ "bindings), and every command.", "bridge")
	dispatcher.register("press", _effects.wrap(_press),
		ActionEffects.with_options(NodeLocator.with_target({})),
		"Activate a button through its own input handling (disabled, toggle mode, "
		+ "button_down/button_up, pressed), as the keyboard's accept key would.", "bridge")
	dispatcher.register("fill", _effects.wrap(_fill), ActionEffects.with_options(
		NodeLocator.with_target({
			"value": {"type": "string"},
			"submit": {"type": "boolean", "default": false,
				"description": "also submit, as pressing Enter would"},
		})), "Replace the text of a LineEdit, TextEdit or SpinBox, as typing would.", "bridge")


func _list_actions(_args: Dictionary) -> Variant:
	var actions: Array = []
	_collect_actions(_bridge.get_tree().root, actions)
	var names: Array = []
	for entry: Dictionary in _bridge.describe(false).commands:
		names.append(entry.name)
	return {"actions": actions, "controls": Controls.describe(), "commands": names}


func _collect_actions(node: Node, into: Array) -> void:
	if node is CanvasItem and not (node as CanvasItem).is_visible_in_tree():
		return
	for action: String in TreeSerializer.actions_for(node):
		if not (node is BaseButton and (node as BaseButton).disabled):
			var label: String = node.get("text") if node.get("text") is String else ""
			into.append({"path": str(node.get_path()), "action": action,
				"name": label if label != "" else String(node.name)})
	for child: Node in node.get_children():
		_collect_actions(child, into)


## Why a player could not use this control now, or "" when they could.
static func blocked_reason(control: Control) -> String:
	var reason := Pointer.state_reason(control)
	if reason != "":
		return reason
	if "editable" in control and not control.get("editable"):
		return "%s is not editable" % control.get_path()
	return ""


func _press(args: Dictionary) -> Variant:
	var node: Variant = _locator.find(args)
	if node is CommandError:
		return node
	if not node is BaseButton:
		return CommandError.invalid_args("press works on buttons; %s is a %s." % [
			node.get_path(), node.get_class()])
	var button: BaseButton = node
	var reason := blocked_reason(button)
	if reason != "":
		return CommandError.not_interactable("Cannot press: %s." % reason)
	_activate(button)
	var result := {"pressed": str(button.get_path())}
	if button.toggle_mode:
		result["toggled"] = button.button_pressed
	return result


## Focuses the button and sends it an accept press and release through the viewport, so the
## engine's own button logic runs. Focus mode and the previous focus are restored afterwards.
func _activate(button: BaseButton) -> void:
	var viewport := button.get_viewport()
	var previous_focus := viewport.gui_get_focus_owner()
	var focus_mode := button.focus_mode
	if focus_mode == Control.FOCUS_NONE:
		button.focus_mode = Control.FOCUS_ALL
	button.grab_focus()
	for pressed: bool in [true, false]:
		var event := InputEventAction.new()
		event.action = &"ui_accept"
		event.pressed = pressed
		viewport.push_input(event)
	if not is_instance_valid(button):
		return  # pressing it freed it (a close button)
	button.focus_mode = focus_mode
	if is_instance_valid(previous_focus) and previous_focus.is_inside_tree():
		previous_focus.grab_focus()
	elif button.has_focus():
		button.release_focus()


func _fill(args: Dictionary) -> Variant:
	var node: Variant = _locator.find(args)
	if node is CommandError:
		return node
	var text: String = args.value
	if node is SpinBox:
		if not text.is_valid_float():
			return CommandError.invalid_args("%s is a SpinBox: '%s' is not a number." % [
				node.get_path(), text])
		node = (node as SpinBox).get_line_edit()
	if not (node is LineEdit or node is TextEdit):
		return CommandError.invalid_args("fill works on LineEdit, TextEdit and SpinBox; "
			+ "%s is a %s." % [node.get_path(), node.get_class()])
	var reason := blocked_reason(node)
	if reason != "":
		return CommandError.not_interactable("Cannot fill: %s." % reason)
	if node is LineEdit:
		_fill_line_edit(node, text, args.submit)
	else:
		var text_edit: TextEdit = node
		text_edit.text = text  # TextEdit emits text_changed itself
		text_edit.set_caret_line(text_edit.get_line_count() - 1)
	return {"path": str(node.get_path()), "text": node.text}


static func _fill_line_edit(line_edit: LineEdit, text: String, submit: bool) -> void:
	var max_length := line_edit.max_length
	if max_length > 0:
		text = text.left(max_length)
	line_edit.text = text
	line_edit.caret_column = text.length()
	line_edit.text_changed.emit(text)
	if submit:
		line_edit.text_submitted.emit(text)
