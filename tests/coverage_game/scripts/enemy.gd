class_name Enemy
extends RefCounted
## A class_name script the main scene uses before anything loaded it.

var health := 3:
	set(value):
		health = maxi(value, 0)
	get:
		return health


static func make(kind: String) -> Enemy:
	var enemy := Enemy.new()
	match kind:
		"boss":
			enemy.health = 10
		"minion", "bat":
			enemy.health = 1
		var other when other.begins_with("elite"):
			enemy.health = 5
	return enemy


func is_dead() -> bool: return health == 0
