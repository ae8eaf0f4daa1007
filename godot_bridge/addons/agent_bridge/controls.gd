extends RefCounted
## The game's controls: its InputMap actions with what each is bound to (keys, mouse buttons,
## joypad buttons and axes), named as a player reads them ("A", "Left", "left stick left",
## "pad A"). The engine's built-in ui_* actions are left out unless the game rebinds them.
## Read from the live InputMap, so a game that rebinds at run time is read as it is now.

const JOY_BUTTON_NAMES := {
	JOY_BUTTON_A: "pad A", JOY_BUTTON_B: "pad B", JOY_BUTTON_X: "pad X",
	JOY_BUTTON_Y: "pad Y", JOY_BUTTON_BACK: "pad Back", JOY_BUTTON_GUIDE: "pad Guide",
	JOY_BUTTON_START: "pad Start", JOY_BUTTON_LEFT_STICK: "pad L3",
	JOY_BUTTON_RIGHT_STICK: "pad R3", JOY_BUTTON_LEFT_SHOULDER: "pad LB",
	JOY_BUTTON_RIGHT_SHOULDER: "pad RB", JOY_BUTTON_DPAD_UP: "d-pad up",
	JOY_BUTTON_DPAD_DOWN: "d-pad down", JOY_BUTTON_DPAD_LEFT: "d-pad left",
	JOY_BUTTON_DPAD_RIGHT: "d-pad right", JOY_BUTTON_MISC1: "pad Misc",
	JOY_BUTTON_PADDLE1: "pad paddle 1", JOY_BUTTON_PADDLE2: "pad paddle 2",
	JOY_BUTTON_PADDLE3: "pad paddle 3", JOY_BUTTON_PADDLE4: "pad paddle 4",
	JOY_BUTTON_TOUCHPAD: "pad touchpad",
}
## Each axis's name, then the words for its negative and positive ends.
const JOY_AXIS_NAMES := {
	JOY_AXIS_LEFT_X: ["left stick", "left", "right"],
	JOY_AXIS_LEFT_Y: ["left stick", "up", "down"],
	JOY_AXIS_RIGHT_X: ["right stick", "left", "right"],
	JOY_AXIS_RIGHT_Y: ["right stick", "up", "down"],
	JOY_AXIS_TRIGGER_LEFT: ["LT", "", ""],
	JOY_AXIS_TRIGGER_RIGHT: ["RT", "", ""],
}
const MOUSE_NAMES := {
	MOUSE_BUTTON_LEFT: "mouse left", MOUSE_BUTTON_RIGHT: "mouse right",
	MOUSE_BUTTON_MIDDLE: "mouse middle", MOUSE_BUTTON_WHEEL_UP: "wheel up",
	MOUSE_BUTTON_WHEEL_DOWN: "wheel down", MOUSE_BUTTON_WHEEL_LEFT: "wheel left",
	MOUSE_BUTTON_WHEEL_RIGHT: "wheel right", MOUSE_BUTTON_XBUTTON1: "mouse back",
	MOUSE_BUTTON_XBUTTON2: "mouse forward",
}


## The last description and what the InputMap held then (its actions and event objects): the
## snapshot and hello ask often, and naming every built-in ui_* binding is slow.
static var _described_for := PackedInt64Array()
static var _described: Array = []


## [{"action", "bindings": [names], "inputs": [the `input` arguments that play each
## binding]}], in the InputMap's order. Worked out again when an action or event is added or
## removed (an event changed in place is not noticed: games rebind by replacing events).
static func describe() -> Array:
	var key := _input_map_key()
	if key == _described_for:
		return _described
	var controls: Array = []
	for action: StringName in InputMap.get_actions():
		var name := String(action)
		if name.begins_with("ui_") and not _rebound(name):
			continue
		var bindings: Array = []
		var inputs: Array = []
		for event: InputEvent in InputMap.action_get_events(action):
			bindings.append(binding_name(event))
			inputs.append(input_args(event))
		controls.append({"action": name, "bindings": bindings, "inputs": inputs})
	_described_for = key
	_described = controls
	return controls


## What the InputMap holds, cheaply: each action's name and its events' object ids.
static func _input_map_key() -> PackedInt64Array:
	var key := PackedInt64Array()
	for action: StringName in InputMap.get_actions():
		key.append(hash(action))
		for event: InputEvent in InputMap.action_get_events(action):
			key.append(event.get_instance_id())
	return key


## One "jump (Space, pad A)" per action, as describe() lists them.
static func summaries() -> PackedStringArray:
	var parts := PackedStringArray()
	for control: Dictionary in describe():
		var bindings: Array = control.bindings
		parts.append("%s (%s)" % [control.action, ", ".join(bindings)
			if not bindings.is_empty() else "unbound"])
	return parts


## The snapshot's controls line: "- controls: jump (Space, pad A), move_left (A, Left)", or
## "" when the game has no actions of its own.
static func line() -> String:
	var parts := summaries()
	return "- controls: " + ", ".join(parts) if not parts.is_empty() else ""


## How a player names what an event is: "A", "Ctrl+S", "mouse right", "pad A",
## "left stick left"; a joypad other than the first says which ("pad 2 A").
static func binding_name(event: InputEvent) -> String:
	if event is InputEventKey:
		var key: InputEventKey = event
		var code := key.get_keycode_with_modifiers() if key.keycode != KEY_NONE \
			else key.get_physical_keycode_with_modifiers()
		if key.keycode == KEY_NONE and key.physical_keycode == KEY_NONE:
			return OS.get_keycode_string(key.key_label)
		return OS.get_keycode_string(code)
	if event is InputEventMouseButton:
		var button: MouseButton = (event as InputEventMouseButton).button_index
		return MOUSE_NAMES.get(button, "mouse button %d" % button)
	if event is InputEventJoypadButton:
		var index: int = (event as InputEventJoypadButton).button_index
		return _on_pad(JOY_BUTTON_NAMES.get(index, "pad button %d" % index), event.device)
	if event is InputEventJoypadMotion:
		var motion: InputEventJoypadMotion = event
		var words: Array = JOY_AXIS_NAMES.get(motion.axis, ["pad axis %d" % motion.axis,
			"-", "+"])
		var end: String = words[1] if motion.axis_value < 0.0 else words[2]
		return _on_pad(words[0] + (" " + end if end != "" else ""), event.device)
	if event is InputEventAction:
		return "action " + String((event as InputEventAction).action)
	return event.as_text()


## The `input` command's arguments that play this one binding (input_events.gd), or {} for
## an event it cannot send (touch, gestures, MIDI).
static func input_args(event: InputEvent) -> Dictionary:
	var device := {"device": event.device} if event.device > 0 else {}
	if event is InputEventKey:
		var key: InputEventKey = event
		var code := key.keycode if key.keycode != KEY_NONE else key.physical_keycode
		var args := {"key": OS.get_keycode_string(code)}
		var modifiers: Array = []
		for pair: Array in [["ctrl", key.ctrl_pressed], ["shift", key.shift_pressed],
				["alt", key.alt_pressed], ["meta", key.meta_pressed]]:
			if pair[1]:
				modifiers.append(pair[0])
		if not modifiers.is_empty():
			args["modifiers"] = modifiers
		return args
	if event is InputEventMouseButton:
		var names := {MOUSE_BUTTON_LEFT: "left", MOUSE_BUTTON_RIGHT: "right",
			MOUSE_BUTTON_MIDDLE: "middle", MOUSE_BUTTON_XBUTTON1: "back",
			MOUSE_BUTTON_XBUTTON2: "forward"}
		var button: MouseButton = (event as InputEventMouseButton).button_index
		return {"button": names[button]} if names.has(button) else {}
	if event is InputEventJoypadButton:
		return {"joy_button": (event as InputEventJoypadButton).button_index}.merged(device)
	if event is InputEventJoypadMotion:
		var motion: InputEventJoypadMotion = event
		return {"joy_axis": motion.axis, "value": signf(motion.axis_value)}.merged(device)
	return {}


static func _on_pad(name: String, device: int) -> String:
	if device <= 0:
		return name
	return "pad %d %s" % [device + 1, name.trim_prefix("pad ")]


## Whether the game bound a built-in ui_* action to something other than the engine's
## defaults (the project's settings, or a change at run time).
static func _rebound(action: String) -> bool:
	var defaults: Variant = ProjectSettings.property_get_revert("input/" + action)
	if not defaults is Dictionary:
		return true  # an action of the game's own that happens to start with ui_
	var before := PackedStringArray()
	for event: InputEvent in (defaults as Dictionary).get("events", []):
		before.append(event.as_text())
	var now := PackedStringArray()
	for event: InputEvent in InputMap.action_get_events(action):
		now.append(event.as_text())
	before.sort()
	now.sort()
	return before != now
