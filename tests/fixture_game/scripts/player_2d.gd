extends CharacterBody2D
## The 2D world's player: walks by the move_* actions (keys or the left stick), fires with the
## pad-only `fire` action, and keeps how far the pad-only `throttle` trigger is pulled (and how
## hard `fire` is pressed).

signal fired

const SPEED := 240.0

## How far `throttle` is pulled (its action strength), and the pad's raw trigger axis.
var throttle: float = 0.0
var raw_trigger: float = 0.0
var fire_strength: float = 0.0


func _physics_process(_delta: float) -> void:
	velocity = Input.get_vector("move_left", "move_right", "move_up", "move_down") * SPEED
	move_and_slide()
	throttle = Input.get_action_strength("throttle")
	raw_trigger = Input.get_joy_axis(0, JOY_AXIS_TRIGGER_RIGHT)
	fire_strength = Input.get_action_strength("fire")


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed("fire"):
		fired.emit()
