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
## Godot 3 numbered its special keys (Enter, arrows, F1, ...) 1 << 24 | n, and a project from
## then may still bind them so; Godot 4 reads that bit as Ctrl and n as a raw character. Godot 4
## numbers the same keys KEY_SPECIAL | n where n is one of these ranges.
const GODOT3_SPECIAL := 1 << 24
const GODOT3_SHARED := [[0x01, 0x2b], [0x81, 0x8f]]
## The n of Godot 4's own KEY_SPECIAL | n keys: any other gets no name from the engine (it
## would make one of the raw number, logging a Unicode error).
const SPECIAL_KEYS := [[0x01, 0x3e], [0x42, 0x43], [0x45, 0x45], [0x48, 0x4e], [0x54, 0x73],
	[0x81, 0x8f], [0x3fffff, 0x3fffff]]
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
## "left stick left"; a joypad other than the first says which ("pad 2 A"); a key bound with
## Godot 3's number says so ("Enter (Godot 3 key code 16777221)").
static func binding_name(event: InputEvent) -> String:
	if event is InputEventKey:
		return _key_name(event)
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
## an event it cannot send (touch, gestures, MIDI, a key code no key name stands for: the
## action itself still plays it).
static func input_args(event: InputEvent) -> Dictionary:
	var device := {"device": event.device} if event.device > 0 else {}
	if event is InputEventKey:
		var key: InputEventKey = event
		var code := key.keycode if key.keycode != KEY_NONE else key.physical_keycode
		if _is_godot3(code) or not _nameable(code):
			return {}  # no key name the `input` command reads sends this code
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


## A key as a player reads it, with its modifiers ("Ctrl+S"): the bound keycode, else the
## physical one, else the label. A Godot 3 code is named as the key it meant, and says so; any
## other code the engine has no name for is "key code N".
static func _key_name(key: InputEventKey) -> String:
	var code: int = key.keycode if key.keycode != KEY_NONE else key.physical_keycode
	var modifiers: int = key.get_modifiers_mask()
	if code == KEY_NONE:
		code = key.key_label
		modifiers = 0
	if _is_godot3(code):
		var meant := code & 0xffffff
		if not _in_ranges(meant, GODOT3_SHARED):
			return "Godot 3 key code %d" % code
		return "%s (Godot 3 key code %d)" % [
			OS.get_keycode_string(KEY_SPECIAL | meant | modifiers), code]
	if not _nameable(code):
		return "key code %d" % code
	return OS.get_keycode_string(code | modifiers)


static func _is_godot3(code: int) -> bool:
	return code & ~0xffffff == GODOT3_SPECIAL


## Whether the engine names `code` (modifier bits in it included) with something printable.
static func _nameable(code: int) -> bool:
	var base := code & KEY_CODE_MASK
	if base >= KEY_SPECIAL:
		return _in_ranges(base - KEY_SPECIAL, SPECIAL_KEYS)
	# A plain character: not a control character, a surrogate or past Unicode.
	return base >= 0x20 and not (base >= 0x7f and base <= 0x9f) \
		and not (base >= 0xd800 and base <= 0xdfff) and base <= 0x10ffff


static func _in_ranges(value: int, ranges: Array) -> bool:
	for pair: Array in ranges:
		if value >= pair[0] and value <= pair[1]:
			return true
	return false


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
