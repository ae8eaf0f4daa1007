extends Node3D
## A small 3D world: a camera, a crate the pointer can click (ray picking through
## `_input_event`), a walker entity that walks, a floating 3D label, a crate behind the
## camera, a crate far off to the right, and a score label with four stacked shadow copies.

signal crate_clicked(crate_name: String)


func _ready() -> void:
	var camera := Camera3D.new()
	camera.name = "Camera"
	camera.position = Vector3(0, 2, 8)
	add_child(camera)
	camera.look_at(Vector3.ZERO)
	add_child(_crate("Crate", Vector3(0, 0, 0)))
	add_child(_crate("HiddenCrate", Vector3(0, 0, 20)))
	add_child(_crate("FarCrate", Vector3(60, 0, 0)))
	var walker := CharacterBody3D.new()
	walker.name = "Walker"
	walker.set_script(preload("res://scripts/walker_3d.gd"))
	walker.position = Vector3(-3, 0, 0)
	add_child(walker)
	var sign_label := Label3D.new()
	sign_label.name = "Sign"
	sign_label.text = "Welcome to 3D"
	sign_label.position = Vector3(3, 1, 0)
	add_child(sign_label)
	var score := Label3D.new()
	score.name = "Score"
	score.text = "0"
	score.position = Vector3(-2, 2, 0)
	add_child(score)
	for copy in 4:  # a shadow effect: the same text, a hair apart
		var shadow := Label3D.new()
		shadow.name = "Shadow%d" % copy
		shadow.text = "0"
		shadow.position = Vector3(0.01 * (copy + 1), -0.01 * (copy + 1), -0.01)
		shadow.modulate = Color(0, 0, 0, 0.5)
		score.add_child(shadow)


func _crate(crate_name: String, at: Vector3) -> StaticBody3D:
	var crate := StaticBody3D.new()
	crate.name = crate_name
	crate.position = at
	var shape := CollisionShape3D.new()
	shape.shape = BoxShape3D.new()
	crate.add_child(shape)
	var mesh := MeshInstance3D.new()
	mesh.mesh = BoxMesh.new()
	crate.add_child(mesh)
	crate.input_event.connect(_on_crate_input.bind(crate_name))
	return crate


func _on_crate_input(_camera: Node, event: InputEvent, _position: Vector3, _normal: Vector3,
		_shape: int, crate_name: String) -> void:
	var button := event as InputEventMouseButton
	if button != null and button.pressed and button.button_index == MOUSE_BUTTON_LEFT:
		crate_clicked.emit(crate_name)
