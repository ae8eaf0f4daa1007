@tool
extends Node
## A @tool script attached to a node of the main scene.

var shown := ""


func _ready() -> void:
	shown = "sign"
