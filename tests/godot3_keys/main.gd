extends Node2D
## Counts what the game's actions reach it as, and shows the texts a test hands it.

var accepted := 0
var jumps := 0
## Frames in which jump was held.
var jump_frames := 0


func _physics_process(_delta: float) -> void:
	if Input.is_action_pressed("jump"):
		jump_frames += 1


func _unhandled_input(event: InputEvent) -> void:
	if event.is_action_pressed("ui_accept"):
		accepted += 1
		$Accepted.text = "accepted %d" % accepted
	if event.is_action_pressed("jump"):
		jumps += 1
		$Jumps.text = "jumps %d" % jumps


## Puts `xml`, its character references read ("&#5;", "&#xD800;"), in the Note button's
## tooltip: a lone surrogate can only be made so, since no JSON request can carry one. A
## tooltip is not drawn until hovered, so the engine's text shaping never sees it.
func note_unescaped(xml: String) -> void:
	$Note.tooltip_text = xml.xml_unescape()
