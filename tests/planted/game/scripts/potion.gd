extends RefCounted
## Brews a potion from a recipe.


static func brew(recipe: Variant) -> int:
	var strength: int = recipe.strength
	return strength * 10
