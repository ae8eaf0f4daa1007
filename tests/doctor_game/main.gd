extends Node2D
## A level with a moving box (the same every run) and an uptime label (never the same).

var speed := 60.0


func _process(delta: float) -> void:
	$Box.position.x += speed * delta
	$Uptime.text = "up %d ms" % Time.get_ticks_msec()
