extends RefCounted
## Input over time, frame-exact: `hold` presses an action, key or mouse button for N frames;
## `input_sequence` runs a timeline of such presses (each with a start frame, a length and a
## strength). Inputs take the engine's input path (Input.parse_input_event), so they reach the
## game as a player's would: a press sent at the start of frame f is seen from frame f + 1 on,
## and an input held N frames is seen in exactly N frames (and their physics ticks).

const AgentMode := preload("../agent_mode.gd")
const CommandError := preload("../command_error.gd")

## What one input is (exactly one of action, key, button) and how hard it is pressed.
const INPUT_SCHEMA := {
	"action": {"type": "string", "optional": true, "description": "an InputMap action"},
	"key": {"type": "string", "optional": true, "description": "a key name: Space, A, Left"},
	"button": {"type": "string", "optional": true, "enum": ["left", "right", "middle"],
		"description": "a mouse button, pressed where the pointer is"},
	"strength": {"type": "number", "default": 1.0, "minimum": 0.0, "maximum": 1.0},
}
const MAX_ENTRIES := 10000
const MOUSE_BUTTONS := {"left": MOUSE_BUTTON_LEFT, "right": MOUSE_BUTTON_RIGHT,
	"middle": MOUSE_BUTTON_MIDDLE}

var _bridge: Node
var _pointer: RefCounted


func _init(bridge: Node, pointer: RefCounted) -> void:
	_bridge = bridge
	_pointer = pointer


func register_into(dispatcher: RefCounted) -> void:
	var hold_schema := INPUT_SCHEMA.duplicate(true)
	hold_schema["frames"] = {"type": "integer", "minimum": 1, "maximum": AgentMode.MAX_FRAMES,
		"description": "how many frames the game sees it pressed"}
	dispatcher.register("hold", _hold, hold_schema, "Press an action, key or mouse button, "
		+ "let N frames run, release it; answers once the frames ran.", "bridge")
	dispatcher.register("input_sequence", _input_sequence, {
		"entries": {"type": "array", "items": {"type": "object"},
			"description": "[{action|key|button, start (frame offset), frames, strength}]"},
	}, "Run an input timeline frame-exactly: each entry is pressed from its start frame for "
		+ "its frames; answers once the last one is released.", "bridge")


func _hold(args: Dictionary) -> Variant:
	var input: Variant = _input_of(args)
	if input is CommandError:
		return input
	var start: int = _bridge.clock.frame
	Input.parse_input_event(_event(input, true))
	for i in args.frames:
		if args._cancel.cancelled:
			break
		await _bridge.clock.next_frame()
	Input.parse_input_event(_event(input, false))
	return {"held": input.name, "frames": _bridge.clock.frame - start,
		"frame": _bridge.clock.frame}


## Presses and releases by frame offset; at each offset releases go first, so an input that
## ends where another begins is released before the other is pressed.
func _input_sequence(args: Dictionary) -> Variant:
	var entries: Array = args.entries
	if entries.is_empty() or entries.size() > MAX_ENTRIES:
		return CommandError.invalid_args("entries holds 1 to %d inputs." % MAX_ENTRIES)
	var schedule := {}  # frame offset -> [[pressed, input], ...]
	var length := 0
	for index in entries.size():
		var entry: Variant = _entry(entries[index], index)
		if entry is CommandError:
			return entry
		var end: int = entry.start + entry.frames
		_at(schedule, entry.start).append([true, entry.input])
		_at(schedule, end).append([false, entry.input])
		length = maxi(length, end)
	var start: int = _bridge.clock.frame
	var pressed := []  # inputs down now: a cancelled timeline releases them
	for offset in length + 1:
		if args._cancel.cancelled:
			for input: Dictionary in pressed:
				Input.parse_input_event(_event(input, false))
			break
		for change: Array in _ordered(schedule.get(offset, [])):
			Input.parse_input_event(_event(change[1], change[0]))
			if change[0]:
				pressed.append(change[1])
			else:
				pressed.erase(change[1])
		if offset < length:
			await _bridge.clock.next_frame()
	return {"frames": _bridge.clock.frame - start, "entries": entries.size(),
		"frame": _bridge.clock.frame}


static func _at(schedule: Dictionary, offset: int) -> Array:
	if not schedule.has(offset):
		schedule[offset] = []
	return schedule[offset]


static func _ordered(changes: Array) -> Array:
	var releases := changes.filter(func(change: Array) -> bool: return not change[0])
	return releases + changes.filter(func(change: Array) -> bool: return change[0])


## One timeline entry, checked: {"start", "frames", "input"}, or a CommandError naming it.
func _entry(raw: Variant, index: int) -> Variant:
	var where := "entries[%d]" % index
	if not raw is Dictionary:
		return CommandError.invalid_args("%s is an object {action|key|button, start, frames}."
			% where)
	var entry: Dictionary = raw
	for key: String in entry:
		if not key in ["action", "key", "button", "strength", "start", "frames"]:
			return CommandError.invalid_args("%s has an unknown field '%s'." % [where, key])
	for key: String in ["start", "frames"]:
		var value: Variant = entry.get(key, 0 if key == "start" else null)
		if not (value is int or (value is float and value == floorf(value))) or value < 0 \
				or (key == "frames" and value < 1) or value > AgentMode.MAX_FRAMES:
			return CommandError.invalid_args("%s.%s is a whole number of frames (%s)." % [
				where, key, ">= 0" if key == "start" else ">= 1"])
	var strength: Variant = entry.get("strength", 1.0)
	if not (strength is int or strength is float) or strength < 0.0 or strength > 1.0:
		return CommandError.invalid_args("%s.strength is a number from 0 to 1." % where)
	var input: Variant = _input_of({"action": entry.get("action"), "key": entry.get("key"),
		"button": entry.get("button"), "strength": float(strength)}, where)
	if input is CommandError:
		return input
	return {"start": int(entry.get("start", 0)), "frames": int(entry.frames), "input": input}


## The input `args` names: {"name", "kind", "code", "strength"}, or a CommandError.
func _input_of(args: Dictionary, where: String = "") -> Variant:
	var prefix := where + ": " if where != "" else ""
	var given := ["action", "key", "button"].filter(func(k: String) -> bool:
		return args.get(k) != null)
	if given.size() != 1:
		return CommandError.invalid_args(prefix + "name exactly one of action, key or button.")
	var kind: String = given[0]
	var value: Variant = args[kind]
	if not value is String:
		return CommandError.invalid_args(prefix + "%s is a string." % kind)
	match kind:
		"action":
			if not InputMap.has_action(value):
				return CommandError.not_found(prefix + "no input action '%s'." % value)
			return {"name": value, "kind": kind, "code": value, "strength": args.strength}
		"key":
			var keycode := OS.find_keycode_from_string(value)
			if keycode == KEY_NONE:
				return CommandError.invalid_args(prefix + "unknown key '%s'." % value)
			return {"name": value, "kind": kind, "code": keycode, "strength": args.strength}
	if not MOUSE_BUTTONS.has(value):
		return CommandError.invalid_args(prefix + "button is left, right or middle.")
	return {"name": value + " button", "kind": kind, "code": MOUSE_BUTTONS[value],
		"strength": args.strength}


func _event(input: Dictionary, pressed: bool) -> InputEvent:
	match input.kind:
		"action":
			var action := InputEventAction.new()
			action.action = input.code
			action.pressed = pressed
			action.strength = input.strength if pressed else 0.0
			return action
		"key":
			var key := InputEventKey.new()
			key.keycode = input.code
			key.physical_keycode = input.code
			key.pressed = pressed
			return key
	var mouse := InputEventMouseButton.new()
	mouse.button_index = input.code
	mouse.pressed = pressed
	mouse.position = _pointer.position()
	mouse.global_position = mouse.position
	return mouse
