extends Node
## The game's global state, as many games keep it in an autoload.

signal score_changed(score: int)

var score: int = 0
var visited: Array[String] = []
var boots: int = 0
var roll: float = 0.0


func _ready() -> void:
	boots += 1
	roll = randf()


func add_score(points: int) -> void:
	score += points
	score_changed.emit(score)
