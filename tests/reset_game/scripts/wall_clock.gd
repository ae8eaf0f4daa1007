extends Label
## A label that shows the wall clock when it gets ready, as FPS counters and timers do: a
## reset of it can never give the game as launched.


func _ready() -> void:
	text = str(Time.get_ticks_usec())
