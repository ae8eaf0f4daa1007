extends RefCounted
## The event queue (event_queue.gd) drained on request: get_events. Every answer carries the
## events queued since the one before; this is the way to take them without doing anything else.

const Services := preload("../services.gd")

var _events: Services.EventQueue


func _init(services: Services) -> void:
	_events = services.events


func register_into(dispatcher: Services.Dispatcher) -> void:
	dispatcher.register("get_events", _get_events, {},
		"Drain the event queue: signals that fired since the last response.", "bridge")


func _get_events(_args: Dictionary) -> Variant:
	return _events.drain()
