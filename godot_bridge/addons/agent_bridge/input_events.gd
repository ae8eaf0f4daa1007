extends RefCounted
## The InputEvents a player's hands make: an InputMap action (as the event it is bound to), a
## key, a mouse button, a joypad button or a joypad axis. Pure and static: it builds events and
## checks arguments; it sends nothing, waits for nothing and keeps no state, so `input`, `hold`
## and `input_sequence` all build their events here.
##
## Arguments (the `input` command's, docs/PROTOCOL.md), exactly one kind:
## - `action`: an InputMap action name; sent as the event bound to it (a key, else a joypad
##   button, a mouse button or a joypad axis), or as an InputEventAction when bound to nothing;
##   pushed less than fully (`strength` < 1), as its joypad axis binding or an
##   InputEventAction, since a key or button cannot say how far it is pressed;
## - `key`: a key name (`"Enter"`, `"A"`, `"F5"`), with `modifiers` (ctrl, shift, alt, meta);
## - `button`: a mouse button (`left`, `right`, `middle`, `back`, `forward`), at the pointer;
## - `joy_button`: a joypad button, by name (`a`, `b`, `x`, `y`, `back`, `guide`, `start`,
##   `left_stick`, `right_stick`, `left_shoulder`, `right_shoulder`, `dpad_up`, `dpad_down`,
##   `dpad_left`, `dpad_right`, `misc1`, `paddle1`..`paddle4`, `touchpad`) or index (0-127);
## - `joy_axis`: a joypad axis, by name (`left_x`, `left_y`, `right_x`, `right_y`,
##   `trigger_left`, `trigger_right`) or index (0-9), pushed to `value` (-1 to 1, default 1);
## and `device` (a joypad, 0-15, default 0: joypad events and actions only) and `strength`
## (0 to 1: how far an action, a joypad button or an axis bound to an action is pushed).

const CommandError := preload("command_error.gd")
## The meta every event built here carries (replay_recorder.gd leaves such events out).
const BRIDGE_META := &"agent_bridge"

## Every kind of input one event can be; a request names exactly one.
const KINDS := ["action", "key", "button", "joy_button", "joy_axis"]
const MODIFIERS := ["ctrl", "shift", "alt", "meta"]
const MOUSE_BUTTONS := {"left": MOUSE_BUTTON_LEFT, "right": MOUSE_BUTTON_RIGHT,
	"middle": MOUSE_BUTTON_MIDDLE, "back": MOUSE_BUTTON_XBUTTON1,
	"forward": MOUSE_BUTTON_XBUTTON2}
const JOY_BUTTONS := {"a": JOY_BUTTON_A, "b": JOY_BUTTON_B, "x": JOY_BUTTON_X,
	"y": JOY_BUTTON_Y, "back": JOY_BUTTON_BACK, "guide": JOY_BUTTON_GUIDE,
	"start": JOY_BUTTON_START, "left_stick": JOY_BUTTON_LEFT_STICK,
	"right_stick": JOY_BUTTON_RIGHT_STICK, "left_shoulder": JOY_BUTTON_LEFT_SHOULDER,
	"right_shoulder": JOY_BUTTON_RIGHT_SHOULDER, "dpad_up": JOY_BUTTON_DPAD_UP,
	"dpad_down": JOY_BUTTON_DPAD_DOWN, "dpad_left": JOY_BUTTON_DPAD_LEFT,
	"dpad_right": JOY_BUTTON_DPAD_RIGHT, "misc1": JOY_BUTTON_MISC1,
	"paddle1": JOY_BUTTON_PADDLE1, "paddle2": JOY_BUTTON_PADDLE2,
	"paddle3": JOY_BUTTON_PADDLE3, "paddle4": JOY_BUTTON_PADDLE4,
	"touchpad": JOY_BUTTON_TOUCHPAD}
const JOY_AXES := {"left_x": JOY_AXIS_LEFT_X, "left_y": JOY_AXIS_LEFT_Y,
	"right_x": JOY_AXIS_RIGHT_X, "right_y": JOY_AXIS_RIGHT_Y,
	"trigger_left": JOY_AXIS_TRIGGER_LEFT, "trigger_right": JOY_AXIS_TRIGGER_RIGHT}
## Joypads the engine tells apart (Input's JOYPADS_MAX).
const MAX_DEVICE := 15

## The argument schema entries of these inputs, for a command's schema.
const SCHEMA := {
	"action": {"type": "string", "optional": true, "description": "an InputMap action"},
	"key": {"type": "string", "optional": true, "description": "a key name: Enter, A, F5"},
	"modifiers": {"type": "array", "default": [], "items": {"type": "string",
		"enum": MODIFIERS}, "description": "held with the key"},
	"button": {"type": "string", "optional": true, "enum": ["left", "right", "middle",
		"back", "forward"], "description": "a mouse button, at the pointer"},
	"joy_button": {"type": "any", "optional": true,
		"description": "a joypad button: a name (a, b, start, dpad_up, ...) or an index"},
	"joy_axis": {"type": "any", "optional": true,
		"description": "a joypad axis: a name (left_x, left_y, right_x, right_y, "
		+ "trigger_left, trigger_right) or an index"},
	"value": {"type": "number", "optional": true, "minimum": -1.0, "maximum": 1.0,
		"description": "where joy_axis is pushed (default 1)"},
	"device": {"type": "integer", "optional": true, "minimum": 0, "maximum": MAX_DEVICE,
		"description": "the joypad (default 0)"},
	"strength": {"type": "number", "default": 1.0, "minimum": 0.0, "maximum": 1.0},
}


## Which kind of input `args` names ("action", "key", ...), or "" when none of KINDS.
static func kind_of(args: Dictionary) -> String:
	for kind: String in KINDS:
		if args.has(kind):
			return kind
	return ""


## Why `args` cannot become events (a CommandError: NOT_FOUND for an unknown action,
## INVALID_ARGS for the rest), or null when they can. `others` are further kinds the caller
## accepts in the same request (`text`, `wheel`), counted for "exactly one".
static func check(args: Dictionary, others: Array = []) -> CommandError:
	var named: Array = (KINDS + others).filter(func(kind: String) -> bool:
		return args.has(kind))
	if named.size() != 1:
		return CommandError.invalid_args("Give exactly one of %s; got %s." % [
			", ".join(KINDS + others), "none" if named.is_empty() else ", ".join(named)])
	var kind: String = named[0]
	if args.has("value") and kind != "joy_axis":
		return CommandError.invalid_args("value goes with joy_axis (how far it is pushed).")
	if args.has("device") and not kind in ["action", "joy_button", "joy_axis"]:
		return CommandError.invalid_args("device names a joypad: it goes with joy_button, "
			+ "joy_axis or action, not with %s." % kind)
	match kind:
		"action":
			if not InputMap.has_action(args.action):
				return CommandError.not_found("No input action '%s'. The game's actions: %s." % [
					args.action, _game_actions()])
		"key":
			if OS.find_keycode_from_string(args.key) == KEY_NONE:
				return CommandError.invalid_args("Unknown key '%s' (examples: Enter, Escape, A, "
					% args.key + "Space, F5, Left).")
		"joy_button":
			if _index(args.joy_button, JOY_BUTTONS, JOY_BUTTON_MAX) < 0:
				return CommandError.invalid_args("Unknown joy_button %s: give an index 0-%d or "
					% [JSON.stringify(args.joy_button), JOY_BUTTON_MAX - 1] + "one of %s."
					% ", ".join(JOY_BUTTONS.keys()))
		"joy_axis":
			if _index(args.joy_axis, JOY_AXES, JOY_AXIS_MAX) < 0:
				return CommandError.invalid_args("Unknown joy_axis %s: give an index 0-%d or "
					% [JSON.stringify(args.joy_axis), JOY_AXIS_MAX - 1] + "one of %s."
					% ", ".join(JOY_AXES.keys()))
	return null


## The events that press (or push) the input `args` names, checked by check(). A mouse button
## goes down at `pointer` (root viewport coordinates).
static func press_events(args: Dictionary, pointer: Vector2 = Vector2.ZERO) -> Array[InputEvent]:
	return [_marked(_event(args, true, pointer))]


## The events that let go of it again (an axis back to rest).
static func release_events(args: Dictionary, pointer: Vector2 = Vector2.ZERO) -> Array[InputEvent]:
	return [_marked(_event(args, false, pointer))]


## Marks an event as the bridge's own (BRIDGE_META): a recording leaves it out, since it
## records the request that made it (replay_recorder.gd).
static func _marked(event: InputEvent) -> InputEvent:
	event.set_meta(BRIDGE_META, true)
	return event


## The event an action is played with: the one the InputMap binds that a player most likely
## uses (a key, else a joypad button, a mouse button or a joypad axis), null when none.
static func bound_event(action: String) -> InputEvent:
	var events := InputMap.action_get_events(action)
	for kind: String in ["InputEventKey", "InputEventJoypadButton", "InputEventMouseButton",
			"InputEventJoypadMotion"]:
		for event: InputEvent in events:
			if event.is_class(kind):
				return event
	return null


static func _event(args: Dictionary, pressed: bool, pointer: Vector2) -> InputEvent:
	var strength: float = args.get("strength", 1.0)
	match kind_of(args):
		"action":
			return _action_event(args, pressed, strength, pointer)
		"key":
			return _key_event(OS.find_keycode_from_string(args.key), args.get("modifiers", []),
				pressed)
		"button":
			return _mouse_event(MOUSE_BUTTONS[args.button], pressed, pointer)
		"joy_button":
			return _joy_button_event(_index(args.joy_button, JOY_BUTTONS, JOY_BUTTON_MAX),
				args.get("device", 0), pressed, strength)
	var motion := InputEventJoypadMotion.new()
	motion.device = args.get("device", 0)
	motion.axis = _index(args.joy_axis, JOY_AXES, JOY_AXIS_MAX) as JoyAxis
	motion.axis_value = float(args.get("value", 1.0)) if pressed else 0.0
	return motion


## An action as a player triggers it: as a copy of its bound event, so _input, Button
## shortcuts, _unhandled_input and Input.is_action_pressed all see it. A key or a button is
## only ever all the way down, so an action pushed less than fully goes as its stick instead
## (a joypad axis binding), else as an InputEventAction of that strength; a release lets go
## of whichever of them holds the action now (see _binding).
static func _action_event(args: Dictionary, pressed: bool, strength: float,
		pointer: Vector2) -> InputEvent:
	var action: String = args.action
	var bound := _binding(action, args.get("device", -1), pressed, strength)
	if bound == null:
		var plain := InputEventAction.new()
		plain.action = action
		plain.pressed = pressed
		plain.strength = strength if pressed else 0.0
		return plain
	var device: int = args.get("device", maxi(bound.device, 0))
	if bound is InputEventKey:
		var key: InputEventKey = bound.duplicate()
		key.device = maxi(bound.device, 0)
		key.pressed = pressed
		if key.keycode == KEY_NONE:
			key.keycode = key.physical_keycode  # a layout-free binding; US layout names it
		return key
	if bound is InputEventJoypadButton:
		return _joy_button_event((bound as InputEventJoypadButton).button_index, device,
			pressed, strength)
	if bound is InputEventJoypadMotion:
		var motion: InputEventJoypadMotion = bound.duplicate()
		motion.device = device
		motion.axis_value = signf(motion.axis_value) * _push(action, strength) if pressed \
			else 0.0
		return motion
	return _mouse_event((bound as InputEventMouseButton).button_index, pressed, pointer)


## The binding an action is played with, or null for an InputEventAction. Pressed all the way:
## bound_event(), as a player's key. Pressed less: the action's stick, when its deadzone
## leaves room to push it part way; else null. Released: the stick when it is pushed the
## action's way, null when the action is held at less than full strength by something else
## (an InputEventAction), else bound_event(). `device` is the caller's joypad, -1 for none.
static func _binding(action: String, device: int, pressed: bool,
		strength: float) -> InputEvent:
	var bound := bound_event(action)
	var stick: InputEventJoypadMotion = null
	for event: InputEvent in InputMap.action_get_events(action):
		if event is InputEventJoypadMotion:
			stick = event
			break
	if stick != null and InputMap.action_get_deadzone(action) >= 1.0 and stick != bound:
		stick = null  # a deadzone of 1 has no part-way push: the stick is all or nothing
	if pressed:
		if strength >= 1.0 or bound is InputEventJoypadMotion:
			return bound
		return stick
	if stick != null:
		var value := Input.get_joy_axis(device if device >= 0 else maxi(stick.device, 0),
			stick.axis)
		if value != 0.0 and signf(value) == signf(stick.axis_value):
			return stick
	if bound != null and Input.is_action_pressed(action) \
			and Input.get_action_raw_strength(action) < 1.0:
		return null
	return bound


## How far a stick goes for an action to read `strength`: Input.get_action_strength maps the
## stretch from the action's deadzone to 1 onto 0 to 1 (get_axis and get_vector read the same).
static func _push(action: String, strength: float) -> float:
	if strength >= 1.0:
		return 1.0
	return lerpf(InputMap.action_get_deadzone(action), 1.0, strength)


static func _key_event(keycode: Key, modifiers: Array, pressed: bool) -> InputEventKey:
	var event := InputEventKey.new()
	event.keycode = keycode
	event.physical_keycode = keycode
	event.pressed = pressed
	event.ctrl_pressed = modifiers.has("ctrl")
	event.shift_pressed = modifiers.has("shift")
	event.alt_pressed = modifiers.has("alt")
	event.meta_pressed = modifiers.has("meta")
	var label := OS.get_keycode_string(keycode)
	if pressed and label.length() == 1 and modifiers.is_empty():
		event.unicode = label.to_lower().unicode_at(0)
	return event


static func _mouse_event(button: MouseButton, pressed: bool, pointer: Vector2) -> InputEvent:
	var mouse := InputEventMouseButton.new()
	mouse.button_index = button
	mouse.pressed = pressed
	mouse.position = pointer
	mouse.global_position = pointer
	return mouse


static func _joy_button_event(button: int, device: int, pressed: bool,
		strength: float) -> InputEventJoypadButton:
	var event := InputEventJoypadButton.new()
	event.device = device
	event.button_index = button as JoyButton
	event.pressed = pressed
	event.pressure = strength if pressed else 0.0
	return event


## A joypad button's or axis's index from a name or a whole number, or -1.
static func _index(value: Variant, names: Dictionary, limit: int) -> int:
	if value is String:
		return names.get((value as String).to_lower(), -1)
	if (value is float and value == floorf(value)) or value is int:
		return int(value) if value >= 0 and value < limit else -1
	return -1


static func _game_actions() -> String:
	var names: Array = InputMap.get_actions().filter(func(a: StringName) -> bool:
		return not String(a).begins_with("ui_"))
	return ", ".join(names) if not names.is_empty() else "none (only ui_*)"
