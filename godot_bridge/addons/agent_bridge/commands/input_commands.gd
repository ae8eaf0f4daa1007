extends RefCounted
## Commands that go through the engine's input path as a player's hands would: click, hover,
## drag and input (actions, keys, typed text, the mouse wheel). Targets (nodes, or items of a
## list, tab bar, menu or tree) must be visible, enabled, running (not paused), on screen and
## not covered, else NOT_INTERACTABLE naming what is wrong.

const ActionEffects := preload("../action_effects.gd")
const ArgSchema := preload("../arg_schema.gd")
const CommandError := preload("../command_error.gd")
const InputEvents := preload("../input_events.gd")
const Items := preload("../items.gd")
const NodeLocator := preload("../node_locator.gd")
const Pointer := preload("../pointer.gd")
const Services := preload("../services.gd")

## Points are root viewport pixels; anything this far out is a mistake, not a place.
const FAR := 1.0e6
const POINT_SCHEMA := {
	"x": {"type": "number", "optional": true, "minimum": -FAR, "maximum": FAR,
		"description": "viewport x, instead of a node"},
	"y": {"type": "number", "optional": true, "minimum": -FAR, "maximum": FAR},
}
const DRAG_STEPS := 6

var _viewport: Viewport
var _clock: Services.Clock
var _locator: NodeLocator
var _pointer: Pointer
var _effects: ActionEffects


func _init(services: Services) -> void:
	_viewport = services.bridge.get_viewport()
	_clock = services.clock
	_locator = services.locator
	_pointer = services.pointer()
	_effects = services.action_effects()


func register_into(dispatcher: Services.Dispatcher) -> void:
	var target := NodeLocator.with_target(POINT_SCHEMA)
	var click_schema := target.duplicate(true)
	click_schema.merge({
		"button": {"type": "string", "default": "left", "enum": ["left", "right", "middle"]},
		"double": {"type": "boolean", "default": false},
	})
	dispatcher.register("click", _effects.wrap(_click), ActionEffects.with_options(click_schema),
		"Move the mouse to the target's visible center and press and release a button there.",
		"bridge")
	dispatcher.register("hover", _effects.wrap(_hover), ActionEffects.with_options(target),
		"Move the mouse over the target.", "bridge")
	dispatcher.register("drag", _effects.wrap(_drag), ActionEffects.with_options({
		"from": {"type": "any", "description": "a ref, a node path or {x, y}"},
		"to": {"type": "any", "description": "a ref, a node path or {x, y}"},
		"button": {"type": "string", "default": "left", "enum": ["left", "right", "middle"]},
	}), "Press on one target, move to another in steps, release there.", "bridge")
	var input_schema := InputEvents.SCHEMA.duplicate(true)
	input_schema.merge({
		"text": {"type": "string", "optional": true, "description": "typed into the focus"},
		"wheel": {"type": "integer", "optional": true, "description": "+up / -down steps"},
		"pressed": {"type": "boolean", "optional": true,
			"description": "press or release only; omitted: a tap (press, then release)"},
		"x": POINT_SCHEMA.x, "y": POINT_SCHEMA.y,
	})
	dispatcher.register("input", _effects.wrap(_input), ActionEffects.with_options(input_schema),
		"Send an input action, a key, a mouse button, a joypad button or axis, typed text or "
		+ "wheel steps.", "bridge")


## Resolves {path | ref | x,y} to [node or null, point, item or null], or a CommandError.
func _target(args: Dictionary) -> Variant:
	if args.has("x") or args.has("y"):
		if not (args.has("x") and args.has("y")) or args.has("path") or args.has("ref"):
			return CommandError.invalid_args("Give a point as both x and y, or a node "
				+ "as path or ref, not both.")
		return [null, Vector2(args.x, args.y), null]
	var target: Variant = _locator.find_target(args)
	if target is CommandError:
		return target
	if Pointer.scroll_into_view(target.node):
		await _next_frame()
	var point: Variant = _pointer.target_point(target.node, target.item)
	if point is CommandError:
		return point
	return [target.node, point, target.item]


## Like _target for drag ends given as one value: "e3", "@e3", "/root/...", or {x, y}.
func _end(value: Variant) -> Variant:
	if value is Dictionary and value.has("x") and value.has("y"):
		for axis: String in ["x", "y"]:
			var checked := ArgSchema.check_value(value[axis], POINT_SCHEMA[axis])
			if not checked.ok:
				return CommandError.invalid_args("A drag end's %s must be %s." % [axis,
					checked.error])
		return await _target({"x": float(value.x), "y": float(value.y)})
	if value is String:
		var key := "path" if value.begins_with("/") else "ref"
		return await _target({key: value})
	return CommandError.invalid_args("A drag end is a ref, a node path or {x, y}; got %s."
		% JSON.stringify(value))


func _reachable(found: Array) -> Variant:
	var node: Node = found[0]
	if node == null:
		_pointer.move_to(found[1])
		return null
	var reason := Items.blocked(node, found[2]) if found[2] != null else ""
	if reason == "":
		reason = _pointer.blocked_reason(node, found[1])
	if reason != "":
		return CommandError.not_interactable("Cannot reach it: %s." % reason)
	return null


static func _describe(found: Array) -> Dictionary:
	var point: Vector2 = found[1]
	var out := {"position": {"x": point.x, "y": point.y}}
	if found[0] != null:
		out["target"] = str((found[0] as Node).get_path())
	if found[2] != null:
		out["item"] = Items.wire_name(found[0], found[2])
		out["item_text"] = Items.text_of(found[0], found[2])
	return out


## The target, resolved and checked reachable (the pointer is over it now), or an error.
func _reachable_target(args: Dictionary) -> Variant:
	var found: Variant = await _target(args)
	if found is CommandError:
		return found
	var blocked: Variant = _reachable(found)
	return blocked if blocked is CommandError else found


func _click(args: Dictionary) -> Variant:
	var found: Variant = await _reachable_target(args)
	if found is CommandError:
		return found
	for time in (2 if args.double else 1):
		_pointer.button(found[1], args.button, true, time == 1)
		_pointer.button(found[1], args.button, false)
	await _next_frame()  # let deferred reactions run
	return _describe(found)


func _hover(args: Dictionary) -> Variant:
	var found: Variant = await _reachable_target(args)
	if found is CommandError:
		return found
	await _next_frame()
	return _describe(found)


func _drag(args: Dictionary) -> Variant:
	var from: Variant = await _end(args.from)
	if from is CommandError:
		return from
	var to: Variant = await _end(args.to)
	if to is CommandError:
		return to
	var blocked: Variant = _reachable(from)
	if blocked is CommandError:
		return blocked
	_pointer.button(from[1], args.button, true)
	await _next_frame()
	for step in range(1, DRAG_STEPS + 1):
		_pointer.move_to((from[1] as Vector2).lerp(to[1], float(step) / DRAG_STEPS))
		await _next_frame()
	_pointer.button(to[1], args.button, false)
	await _next_frame()
	return {"from": _describe(from), "to": _describe(to)}


func _input(args: Dictionary) -> Variant:
	var problem := InputEvents.check(args, ["text", "wheel"])
	if problem != null:
		return problem
	if args.has("text"):
		return _type_text(args.text)
	if args.has("wheel"):
		return await _send_wheel(args)
	return await _send_events(args)


## Sends the events of an action, a key, a mouse button or a joypad button or axis
## (input_events.gd) through Input.parse_input_event, so _input, Button shortcuts,
## _unhandled_input and Input.is_action_pressed all see them as a player's. A tap is a press
## and, a frame later, a release.
func _send_events(args: Dictionary) -> Variant:
	if args.has("button") and args.has("x") and args.has("y"):
		_pointer.move_to(Vector2(args.x, args.y))
	var sent: InputEvent = null
	for pressed: bool in _phases(args):
		var events := InputEvents.press_events(args, _pointer.position()) if pressed \
			else InputEvents.release_events(args, _pointer.position())
		for event: InputEvent in events:
			Input.parse_input_event(event)
			sent = event
		await _next_frame()  # parsed events reach the game next frame
	var kind := InputEvents.kind_of(args)
	var answer := {kind: args[kind], "event": sent.as_text(), "actions": _actions_of(sent)}
	match kind:
		"action":
			answer["pressed"] = Input.is_action_pressed(args.action)
		"key":
			answer["key"] = OS.get_keycode_string(OS.find_keycode_from_string(args.key))
		"joy_button", "joy_axis":
			answer["device"] = sent.device
			answer[kind] = (sent as InputEventJoypadButton).button_index \
				if kind == "joy_button" else (sent as InputEventJoypadMotion).axis
	return answer


## The game's input actions (not the engine's ui_*) that `event` plays.
static func _actions_of(event: InputEvent) -> Array:
	var names: Array = []
	for action: StringName in InputMap.get_actions():
		if not String(action).begins_with("ui_") and InputMap.event_is_action(event, action):
			names.append(String(action))
	return names


## Types into the control that has keyboard focus, one key event per character.
func _type_text(text: String) -> Variant:
	var viewport := _viewport
	var focus := viewport.gui_get_focus_owner()
	if focus == null:
		return CommandError.not_interactable("Nothing has keyboard focus: click a text "
			+ "field first.")
	for character in text:
		for pressed: bool in [true, false]:
			var event := InputEventKey.new()
			event.pressed = pressed
			event.unicode = character.unicode_at(0)
			event.keycode = OS.find_keycode_from_string(character.to_upper())
			if character == "\n":
				event.keycode = KEY_ENTER
			viewport.push_input(event)
	return {"typed": text.length(), "focus": str(focus.get_path())}


func _send_wheel(args: Dictionary) -> Variant:
	var point := _viewport.get_visible_rect().get_center()
	if args.has("x") and args.has("y"):
		point = Vector2(args.x, args.y)
	_pointer.move_to(point)
	_pointer.wheel(point, args.wheel)
	await _next_frame()
	return {"wheel": args.wheel, "position": {"x": point.x, "y": point.y}}


## Lets one frame pass (every wait of these commands goes through here).
func _next_frame() -> void:
	await _clock.next_frame()


static func _phases(args: Dictionary) -> Array:
	if args.has("pressed"):
		return [args.pressed]
	return [true, false]
