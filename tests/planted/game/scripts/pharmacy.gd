extends RefCounted
## Hands out potions brewed from its recipe book.

const Planted := preload("res://scripts/planted.gd")
const Potion := preload("res://scripts/potion.gd")

var recipes := {"tonic": {"strength": 2}}


func dispense(patient: String) -> int:
	var recipe: Variant = recipes.get(_recipe_for(patient))
	return Potion.brew(recipe)


func _recipe_for(_patient: String) -> String:
	# The script_error bug: a misspelt recipe, which the book does not have.
	return "tonik" if Planted.has("script_error") else "tonic"
