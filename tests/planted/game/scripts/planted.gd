extends RefCounted
## Which planted bug is on: the environment variable PLANTED_BUG names it (script_error,
## orphans, slow_frame, pixel); without it the game is clean.


static func has(bug: String) -> bool:
	return OS.get_environment("PLANTED_BUG") == bug
