extends CharacterBody3D
## A 3D entity with a script: the snapshot names it and gives its screen position, its world
## position and, while it walks (along +x, one unit a second), its velocity.

const SPEED := 1.0


func _physics_process(_delta: float) -> void:
	velocity = Vector3(SPEED, 0, 0)
	move_and_slide()
