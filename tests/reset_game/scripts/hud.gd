extends CanvasLayer
## A scene autoload: its label's text is state too.

@export var title: String = "Ready"


func _ready() -> void:
	$Label.text = title
