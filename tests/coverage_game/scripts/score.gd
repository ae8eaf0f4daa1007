extends Node
## An autoload: the points scored. Its first member has its annotation on a line of its own
## (the counters are declared in front of the annotation, which still belongs to the member).

@export_range(0, 1000)
var points := 0


func add(amount: int) -> void:
	points += amount
	if points > 10: print("a high score")
