extends Node
## An autoload: the points scored.

var points := 0


func add(amount: int) -> void:
	points += amount
	if points > 10: print("a high score")
