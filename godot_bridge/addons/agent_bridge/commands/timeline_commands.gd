extends RefCounted
## Input over time, frame-exact: `hold` presses an action, key, mouse button or joypad button
## (or pushes an axis) for N frames;
## `input_sequence` runs a timeline of such presses (each with a start frame, a length and a
## strength). Inputs take the engine's input path (Input.parse_input_event), so they reach the
## game as a player's would: a press sent at the start of frame f is seen from frame f + 1 on,
## and an input held N frames is seen in exactly N frames (and their physics ticks).

const CommandError := preload("../command_error.gd")
const InputEvents := preload("../input_events.gd")
const Pointer := preload("../pointer.gd")
const Services := preload("../services.gd")

const MAX_ENTRIES := 10000
## What a timeline entry may hold besides its input.
const TIMING := ["start", "frames"]

var _clock: Services.Clock
var _pointer: Pointer


func _init(services: Services) -> void:
	_clock = services.clock
	_pointer = services.pointer()


func register_into(dispatcher: Services.Dispatcher) -> void:
	var hold_schema := InputEvents.SCHEMA.duplicate(true)
	hold_schema["frames"] = {"type": "integer", "minimum": 1, "maximum": Services.Clock.MAX_FRAMES,
		"description": "how many frames the game sees it pressed"}
	dispatcher.register("hold", _hold, hold_schema, "Press an action, key, mouse button, "
		+ "joypad button or axis, let N frames run, release it; answers once the frames ran.",
		"bridge")
	dispatcher.register("input_sequence", _input_sequence, {
		"entries": {"type": "array", "items": {"type": "object"},
			"description": "[{action|key|button|joy_button|joy_axis, start (frame offset), "
			+ "frames, strength, value, device}]"},
	}, "Run an input timeline frame-exactly: each entry is pressed from its start frame for "
		+ "its frames; answers once the last one is released.", "bridge")


func _hold(args: Dictionary) -> Variant:
	var input: Variant = _input_of(args)
	if input is CommandError:
		return input
	var start: int = _clock.frame
	_send(input, true)
	for i in args.frames:
		if args._cancel.cancelled:
			break
		await _clock.next_frame()
	_send(input, false)
	return {"held": input.name, "frames": _clock.frame - start,
		"frame": _clock.frame}


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
	var start: int = _clock.frame
	var pressed := []  # inputs down now: a cancelled timeline releases them
	for offset in length + 1:
		if args._cancel.cancelled:
			for input: Dictionary in pressed:
				_send(input, false)
			break
		for change: Array in _ordered(schedule.get(offset, [])):
			_send(change[1], change[0])
			if change[0]:
				pressed.append(change[1])
			else:
				pressed.erase(change[1])
		if offset < length:
			await _clock.next_frame()
	return {"frames": _clock.frame - start, "entries": entries.size(),
		"frame": _clock.frame}


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
		return CommandError.invalid_args("%s is an object {action|key|button|joy_button|"
			% where + "joy_axis, start, frames}.")
	var entry: Dictionary = raw
	for key: String in entry:
		if not (InputEvents.SCHEMA.has(key) or TIMING.has(key)):
			return CommandError.invalid_args("%s has an unknown field '%s'." % [where, key])
	for key: String in TIMING:
		var value: Variant = entry.get(key, 0 if key == "start" else null)
		if not _whole(value) or value < 0 or (key == "frames" and value < 1) \
				or value > Services.Clock.MAX_FRAMES:
			return CommandError.invalid_args("%s.%s is a whole number of frames (%s)." % [
				where, key, ">= 0" if key == "start" else ">= 1"])
	var input := entry.duplicate()
	input.erase("start")
	input.erase("frames")
	input["strength"] = entry.get("strength", 1.0)
	for key: String in ["strength", "value"]:
		var bounds: Array = [0.0, 1.0] if key == "strength" else [-1.0, 1.0]
		if input.has(key) and (not (input[key] is int or input[key] is float)
				or input[key] < bounds[0] or input[key] > bounds[1]):
			return CommandError.invalid_args("%s.%s is a number from %d to %d." % [where, key,
				bounds[0], bounds[1]])
	if input.has("device") and (not _whole(input.device) or input.device < 0
			or input.device > InputEvents.MAX_DEVICE):
		return CommandError.invalid_args("%s.device is a joypad, 0 to %d." % [where,
			InputEvents.MAX_DEVICE])
	var checked: Variant = _input_of(input, where)
	if checked is CommandError:
		return checked
	return {"start": int(entry.get("start", 0)), "frames": int(entry.frames), "input": checked}


static func _whole(value: Variant) -> bool:
	return value is int or (value is float and value == floorf(value))


## The input `args` names, checked: {"name", "args"}, or a CommandError (prefixed by `where`).
func _input_of(args: Dictionary, where: String = "") -> Variant:
	var spec := {}
	for key: String in args:
		if InputEvents.SCHEMA.has(key):
			spec[key] = args[key]
	var problem := InputEvents.check(spec)
	if problem != null:
		if where != "":
			problem.message = "%s: %s" % [where, problem.message]
		return problem
	return {"name": str(spec[InputEvents.kind_of(spec)]), "args": spec}


## Presses or releases an input through the engine's input path.
func _send(input: Dictionary, pressed: bool) -> void:
	var events: Array[InputEvent] = InputEvents.press_events(input.args, _pointer.position()) \
		if pressed else InputEvents.release_events(input.args, _pointer.position())
	for event: InputEvent in events:
		Input.parse_input_event(event)
