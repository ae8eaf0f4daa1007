extends RefCounted
## Commands that act on controls the way a player would: press and fill. They refuse hidden,
## disabled and read-only controls with NOT_INTERACTABLE instead of acting behind the UI's back.

const ActionEffects := preload("../action_effects.gd")
const CommandError := preload("../command_error.gd")
const NodeLocator := preload("../node_locator.gd")
const Pointer := preload("../pointer.gd")

var _locator: NodeLocator


func _init(locator: NodeLocator) -> void:
	_locator = locator


func register_into(dispatcher: RefCounted, effects: ActionEffects) -> void:
	dispatcher.register("press", effects.wrap(_press),
		ActionEffects.with_options(NodeLocator.with_target({})),
		"Activate a button through its own input handling (disabled, toggle mode, "
		+ "button_down/button_up, pressed), as the keyboard's accept key would.", "bridge")
	dispatcher.register("fill", effects.wrap(_fill), ActionEffects.with_options(
		NodeLocator.with_target({
			"value": {"type": "string"},
			"submit": {"type": "boolean", "default": false,
				"description": "also submit, as pressing Enter would"},
		})), "Replace the text of a LineEdit, TextEdit or SpinBox, as typing would.", "bridge")


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
