extends RefCounted
## Preloaded by the main scene.

const ELEMENTS := ["fire", "ice"]


static func damage(element: String, power: int) -> int:
	if element == "fire":
		return power * 2
	elif element == "ice":
		return power
	else:
		return 0
