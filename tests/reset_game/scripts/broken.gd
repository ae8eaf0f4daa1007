extends Node2D
## A scene whose scripts fail from their first line: the errors a game logs while its scene
## loads and gets ready must reach the client as events, at launch and after a reset.


func _init() -> void:
	push_error("broken: _init")


func _enter_tree() -> void:
	push_error("broken: _enter_tree")


func _ready() -> void:
	var missing: Node = get_node_or_null("Missing")
	missing.fail_in_ready()  # a script error: a call on null
