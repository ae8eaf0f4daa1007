extends CharacterBody3D
## A 3D entity with a script: the snapshot names it and gives its screen position, its world
## position and its velocity as it paces back and forth (x from -3 to -2, a unit a second).

const SPEED := 1.0

var _heading := 1.0


func _physics_process(_delta: float) -> void:
	if position.x >= -2.0:
		_heading = -1.0
	elif position.x <= -3.0:
		_heading = 1.0
	velocity = Vector3(SPEED * _heading, 0, 0)
	move_and_slide()
