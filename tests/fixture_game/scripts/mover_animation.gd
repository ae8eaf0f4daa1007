extends AnimationPlayer
## Builds a 2-second slide animation in code, so the scene file stays small.


func _ready() -> void:
	var animation := Animation.new()
	animation.length = 2.0
	var track := animation.add_track(Animation.TYPE_VALUE)
	animation.track_set_path(track, NodePath(".:position"))
	animation.track_insert_key(track, 0.0, Vector2.ZERO)
	animation.track_insert_key(track, 2.0, Vector2(200, 100))
	var library := AnimationLibrary.new()
	library.add_animation(&"slide", animation)
	add_animation_library(&"slide", library)
